import type { IncomingMessage } from "node:http";

import proxyAddr from "proxy-addr";

/**
 * Whether the hop of a request's address chain is one of our proxies: hop 0 is the socket's
 * peer, hop 1 the right-most `X-Forwarded-For` entry, and so on leftwards. Express's
 * `trust proxy` takes the same function, so `req.ip` and `clientIp` always agree.
 */
export type TrustProxy = (address: string, hop: number) => boolean;

/** `TRUST_PROXY`: how many proxies stand in front of the app, or their addresses and subnets. */
export type TrustProxySetting = number | readonly string[];

export function compileTrustProxy(setting: TrustProxySetting): TrustProxy {
  if (typeof setting === "number") return (_address, hop) => hop < setting;
  return proxyAddr.compile([...setting]);
}

/**
 * The visitor's IP address: the first address, read from the right of the chain (the socket's
 * peer, then `X-Forwarded-For` from its right-most entry), that is not one of our proxies. The
 * entries left of it are whatever the client wrote and are never read. IPv4-mapped IPv6
 * (`::ffff:1.2.3.4`) comes back as plain IPv4; "" when there is none.
 */
export function clientIp(
  req: Pick<IncomingMessage, "headers" | "socket">,
  trustProxy: TrustProxy,
): string {
  if (!req.socket.remoteAddress) return "";
  return withoutMappedPrefix(withoutPort(proxyAddr(req as IncomingMessage, trustProxy)));
}

/** Some proxies add the client's port: "203.0.113.7:51234" or "[2001:db8::1]:443". */
function withoutPort(address: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) return bracketed[1]!;
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(address);
  return withPort ? withPort[1]! : address;
}

function withoutMappedPrefix(address: string): string {
  return address.replace(/^::ffff:(?=\d{1,3}(?:\.\d{1,3}){3}$)/i, "");
}
