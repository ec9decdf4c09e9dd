import { readFile } from "node:fs/promises";
import path from "node:path";

import { ipv4ToNumber, ipv6ToBigInt, type IpAddress } from "./ip-address";

/** Answers "AS7922 Comcast Cable Communications, LLC" for an address, or "" when unknown. */
export interface AsnTable {
  organization(ip: IpAddress): string;
}

/**
 * Reads the IP-to-ASN ranges of `@ip-location-db/asn` (CSV: first address, last address, AS
 * number, organization; addresses as integers) into sorted arrays searched by bisection.
 * No MaxMind-format ASN database installs from the registry we use, hence the CSV.
 */
export async function loadAsnTable(directory: string): Promise<AsnTable> {
  const [ipv4Csv, ipv6Csv] = await Promise.all([
    readFile(path.join(directory, "asn-ipv4-num.csv")),
    readFile(path.join(directory, "asn-ipv6-num.csv")),
  ]);
  const labelsByAsn = new Map<number, string>();
  const ipv4 = new RangeTable(ipv4Csv, decimalNumber, (value) => value + 1, labelsByAsn);
  const ipv6 = new RangeTable(
    ipv6Csv,
    (csv, from, to) => BigInt(csv.toString("latin1", from, to)),
    (value) => value + 1n,
    labelsByAsn,
  );
  return {
    organization: ({ address, family }) =>
      family === 4 ? ipv4.find(ipv4ToNumber(address)) : ipv6.find(ipv6ToBigInt(address)),
  };
}

const comma = 0x2c;
const newline = 0x0a;

/** Sorted, non-overlapping inclusive ranges of addresses, each with its label. */
class RangeTable<Value extends number | bigint> {
  private readonly starts: Value[] = [];
  private readonly ends: Value[] = [];
  private readonly labels: string[] = [];

  constructor(
    csv: Buffer,
    toValue: (csv: Buffer, from: number, to: number) => Value,
    successor: (value: Value) => Value,
    labelsByAsn: Map<number, string>,
  ) {
    // Fields are read from the bytes rather than from one big string: quicker, and the labels
    // kept are strings of their own, not slices holding the whole file in memory.
    let lineStart = 0;
    while (lineStart < csv.length) {
      let lineEnd = csv.indexOf(newline, lineStart);
      if (lineEnd < 0) lineEnd = csv.length;
      const first = csv.indexOf(comma, lineStart);
      const second = first < 0 ? -1 : csv.indexOf(comma, first + 1);
      const third = second < 0 ? -1 : csv.indexOf(comma, second + 1);
      if (third >= 0 && third < lineEnd) {
        const asn = decimalNumber(csv, second + 1, third);
        // An AS number always comes with the same organization in this data: decode it once.
        let label = labelsByAsn.get(asn);
        if (label === undefined) {
          label = `AS${asn} ${unquote(csv.toString("utf8", third + 1, lineEnd).trim())}`.trim();
          labelsByAsn.set(asn, label);
        }
        this.add(toValue(csv, lineStart, first), toValue(csv, first + 1, second), label, successor);
      }
      lineStart = lineEnd + 1;
    }
  }

  find(value: Value): string {
    // The last range starting at or before the value.
    let low = 0;
    let high = this.starts.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      if (this.starts[middle]! <= value) {
        found = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    if (found < 0 || this.ends[found]! < value) return "";
    return this.labels[found] ?? "";
  }

  private add(start: Value, end: Value, label: string, successor: (value: Value) => Value): void {
    const previousEnd = this.ends.at(-1);
    if (previousEnd !== undefined && start <= previousEnd) {
      // The data has the odd range overlapping the one before it: the earlier one wins.
      if (end <= previousEnd) return;
      start = successor(previousEnd);
    }
    this.starts.push(start);
    this.ends.push(end);
    this.labels.push(label);
  }
}

function decimalNumber(bytes: Buffer, from: number, to: number): number {
  let value = 0;
  for (let index = from; index < to; index += 1) value = value * 10 + bytes[index]! - 0x30;
  return value;
}

function unquote(field: string): string {
  return field.startsWith('"') && field.endsWith('"')
    ? field.slice(1, -1).replaceAll('""', '"')
    : field;
}
