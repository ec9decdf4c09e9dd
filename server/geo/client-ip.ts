import type { IncomingMessage } from "node:http";

/**
 * The visitor's IP address: the socket's peer, or, when the site runs behind a proxy we trust
 * (`TRUST_PROXY`), the left-most (client) entry of `X-Forwarded-For`. IPv4-mapped IPv6
 * (`::ffff:1.2.3.4`) comes back as plain IPv4; "" when there is none.
 */
export function clientIp(
  req: Pick<IncomingMessage, "headers" | "socket">,
  trustProxy: boolean,
): string {
  if (trustProxy) {
    const forwarded = firstForwardedAddress(req.headers["x-forwarded-for"]);
    if (forwarded) return withoutMappedPrefix(forwarded);
  }
  return withoutMappedPrefix(req.socket.remoteAddress ?? "");
}

function firstForwardedAddress(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  const first = value.split(",")[0]?.trim() ?? "";
  // Some proxies add the client's port: "203.0.113.7:51234" or "[2001:db8::1]:443".
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(first);
  if (bracketed) return bracketed[1]!;
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(first);
  return withPort ? withPort[1]! : first;
}

function withoutMappedPrefix(address: string): string {
  return address.replace(/^::ffff:(?=\d{1,3}(?:\.\d{1,3}){3}$)/i, "");
}
