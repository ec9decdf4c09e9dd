import { BlockList, isIP } from "node:net";

export interface IpAddress {
  /** Dotted IPv4, or IPv6 in its canonical compressed lower-case form. */
  address: string;
  family: 4 | 6;
}

/**
 * Parses an address as it comes from a socket or a header: IPv4-mapped IPv6 (`::ffff:1.2.3.4`)
 * becomes the IPv4 address and an IPv6 zone (`%eth0`) is dropped. Anything else: undefined.
 */
export function parseIpAddress(raw: string): IpAddress | undefined {
  const text = raw.trim().replace(/%.*$/, "");
  const family = isIP(text);
  if (family === 4) return { address: text, family: 4 };
  if (family !== 6) return undefined;
  // The URL parser writes IPv6 canonically, so every spelling of a mapped address looks alike.
  const canonical = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (mapped) {
    const high = Number.parseInt(mapped[1]!, 16);
    const low = Number.parseInt(mapped[2]!, 16);
    return { address: [high >> 8, high & 255, low >> 8, low & 255].join("."), family: 4 };
  }
  return { address: canonical, family: 6 };
}

// Addresses that never belong to a visitor on the public internet: private networks (RFC 1918,
// unique local), carrier-grade NAT, loopback, link-local, unspecified, documentation, multicast.
const nonPublic = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  nonPublic.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
] as const) {
  nonPublic.addSubnet(network, prefix, "ipv6");
}

export function isPublicIpAddress({ address, family }: IpAddress): boolean {
  return !nonPublic.check(address, family === 4 ? "ipv4" : "ipv6");
}

export function ipv4ToNumber(address: string): number {
  return address.split(".").reduce((value, part) => value * 256 + Number(part), 0);
}

/** The 128-bit value of an IPv6 address in the canonical form `parseIpAddress` gives. */
export function ipv6ToBigInt(address: string): bigint {
  const [head = "", tail] = address.split("::");
  const headGroups = head === "" ? [] : head.split(":");
  const tailGroups = tail === undefined || tail === "" ? [] : tail.split(":");
  const zeros: string[] = Array(8 - headGroups.length - tailGroups.length).fill("0");
  return [...headGroups, ...zeros, ...tailGroups].reduce(
    (value, group) => (value << 16n) | BigInt(Number.parseInt(group, 16)),
    0n,
  );
}

/** The address's bytes in network order: 4 for IPv4, 16 for IPv6. */
export function ipAddressBytes({ address, family }: IpAddress): Uint8Array {
  if (family === 4) return Uint8Array.from(address.split(".").map(Number));
  let value = ipv6ToBigInt(address);
  const bytes = new Uint8Array(16);
  for (let index = 15; index >= 0; index -= 1) {
    bytes[index] = Number(value & 255n);
    value >>= 8n;
  }
  return bytes;
}

/**
 * The part of an address that names one client for the limits: an IPv4 address whole, an IPv6
 * address by its /64 (`2001:db8:1:2::/64`), since one home or phone is given a whole /64 and can
 * pick any address in it. Anything unparsable is returned as it is.
 */
export function clientNetwork(raw: string): string {
  const parsed = parseIpAddress(raw);
  if (!parsed) return raw;
  if (parsed.family === 4) return parsed.address;
  const groups = expandIpv6(parsed.address).slice(0, 4);
  const prefix = new URL(`http://[${groups.join(":")}::]/`).hostname.slice(1, -1);
  return `${prefix}/64`;
}

/** The eight 16-bit groups of a canonical IPv6 address, as hexadecimal text. */
function expandIpv6(address: string): string[] {
  const [head = "", tail] = address.split("::");
  const headGroups = head === "" ? [] : head.split(":");
  const tailGroups = tail === undefined || tail === "" ? [] : tail.split(":");
  const missing = 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array<string>(Math.max(0, missing)).fill("0"), ...tailGroups];
}
