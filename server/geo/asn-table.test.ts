import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, expect, test } from "vitest";

import { loadAsnTable } from "./asn-table";
import { ipv4ToNumber } from "./ip-address";

const directory = mkdtempSync(path.join(tmpdir(), "asn-table-"));
const n = (address: string) => ipv4ToNumber(address);
writeFileSync(
  path.join(directory, "asn-ipv4-num.csv"),
  [
    `${n("1.0.0.0")},${n("1.0.0.255")},13335,"Cloudflare, Inc."`,
    `${n("1.0.4.0")},${n("1.0.7.255")},38803,Gtelecom Pty Ltd`,
    // Overlaps the range before it: the earlier one wins where they meet.
    `${n("1.0.7.0")},${n("1.0.9.255")},2519,ARTERIA Networks Corporation`,
    ...Array.from({ length: 500 }, (_, index) => {
      const start = n("10.0.0.0") + index * 1024;
      return `${start},${start + 511},${64_512 + index},"Filler ""${index}"", LLC"`;
    }),
    "",
  ].join("\n"),
);
writeFileSync(
  path.join(directory, "asn-ipv6-num.csv"),
  "42540488161975842760550356425300246528,42540488241204005274814694018844196863,6939,Hurricane Electric LLC\n",
);
const table = await loadAsnTable(directory);
afterAll(() => {
  table.close();
  rmSync(directory, { recursive: true, force: true });
});

const organization = (address: string) =>
  table.organization({ address, family: address.includes(":") ? 6 : 4 });

test("an address inside a range gets its AS number and organization, quotes removed", () => {
  expect(organization("1.0.0.1")).toBe("AS13335 Cloudflare, Inc.");
  expect(organization("1.0.5.5")).toBe("AS38803 Gtelecom Pty Ltd");
  expect(organization("10.0.8.7")).toBe('AS64514 Filler "2", LLC');
  expect(organization("10.7.205.255")).toBe('AS65011 Filler "499", LLC');
});

test("an address between ranges, before the first or after the last has none", () => {
  expect(organization("0.255.255.255")).toBe("");
  expect(organization("1.0.1.0")).toBe("");
  expect(organization("10.0.2.0")).toBe("");
  expect(organization("10.7.206.0")).toBe("");
  expect(organization("255.255.255.255")).toBe("");
});

test("where two ranges overlap the earlier one wins, as before", () => {
  expect(organization("1.0.7.9")).toBe("AS38803 Gtelecom Pty Ltd");
  expect(organization("1.0.8.0")).toBe("AS2519 ARTERIA Networks Corporation");
});

test("IPv6 addresses are looked up in their own file", () => {
  expect(organization("2001:0:4136::1")).toBe("AS6939 Hurricane Electric LLC");
  expect(organization("2001:db8::1")).toBe("");
});
