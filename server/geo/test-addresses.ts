/**
 * One IPv4 address in each of the six states, as the bundled DB-IP city database places them
 * (university networks, which stay put between database releases). Tests send them in
 * `X-Forwarded-For` with `TRUST_PROXY` set.
 */
export const stateTestAddresses = {
  Virginia: "128.143.1.1", // University of Virginia
  "New Jersey": "128.6.1.1", // Rutgers, Piscataway
  Texas: "128.83.1.1", // University of Texas at Austin
  "North Carolina": "152.2.1.1", // University of North Carolina, Chapel Hill
  Florida: "128.227.1.1", // University of Florida, Gainesville
  Massachusetts: "18.9.22.69", // MIT, Cambridge
} as const satisfies Record<string, string>;

/** An address outside the United States: London, United Kingdom. */
export const foreignTestAddress = "81.2.69.142";

/** A real IPv6 address: Princeton University, New Jersey. */
export const ipv6TestAddress = "2620:c4::1";
