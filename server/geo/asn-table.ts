import { readFile } from "node:fs/promises";
import path from "node:path";

import { ipv4ToNumber, ipv6ToBigInt, type IpAddress } from "./ip-address";

/** Answers "AS7922 Comcast Cable Communications, LLC" for an address, or "" when unknown. */
export interface AsnTable {
  organization(ip: IpAddress): string;
}

/**
 * Reads the IP-to-ASN ranges of `@ip-location-db/asn` (CSV: first address, last address, AS
 * number, organization; addresses as integers) into sorted typed arrays searched by bisection,
 * each organization's name kept once. No MaxMind-format ASN database installs from the registry
 * we use, hence the CSV.
 */
export async function loadAsnTable(directory: string): Promise<AsnTable> {
  const labels = new Labels();
  const ipv4 = new RangeTable(
    await readFile(path.join(directory, "asn-ipv4-num.csv")),
    ipv4Ranges,
    decimalNumber,
    labels,
  );
  const ipv6 = new RangeTable(
    await readFile(path.join(directory, "asn-ipv6-num.csv")),
    ipv6Ranges,
    (csv, from, to) => BigInt(csv.toString("latin1", from, to)),
    labels,
  );
  return {
    organization: ({ address, family }) =>
      labels.text(
        family === 4 ? ipv4.find(ipv4ToNumber(address)) : ipv6.find(ipv6ToBigInt(address)),
      ),
  };
}

const comma = 0x2c;
const newline = 0x0a;

/** "AS7922 Comcast Cable Communications, LLC" by number: an AS has one organization here. */
class Labels {
  private readonly texts: string[] = [""];
  private readonly idByAsn = new Map<number, number>();

  idOf(asn: number, organization: () => string): number {
    let id = this.idByAsn.get(asn);
    if (id === undefined) {
      id = this.texts.push(`AS${asn} ${organization()}`.trim()) - 1;
      this.idByAsn.set(asn, id);
    }
    return id;
  }

  text(id: number): string {
    return this.texts[id] ?? "";
  }
}

/** Where a table keeps its ranges' first and last addresses. */
interface RangeStore<Value extends number | bigint> {
  start(index: number): Value;
  end(index: number): Value;
  set(index: number, start: Value, end: Value): void;
}

function ipv4Ranges(capacity: number): RangeStore<number> {
  const starts = new Uint32Array(capacity);
  const ends = new Uint32Array(capacity);
  return {
    start: (index) => starts[index]!,
    end: (index) => ends[index]!,
    set(index, start, end) {
      starts[index] = start;
      ends[index] = end;
    },
  };
}

/** 128-bit addresses as two 64-bit halves each. */
function ipv6Ranges(capacity: number): RangeStore<bigint> {
  const halves = new BigUint64Array(capacity * 4);
  const join = (at: number) => (halves[at]! << 64n) | halves[at + 1]!;
  const mask = (1n << 64n) - 1n;
  return {
    start: (index) => join(index * 4),
    end: (index) => join(index * 4 + 2),
    set(index, start, end) {
      halves.set([start >> 64n, start & mask, end >> 64n, end & mask], index * 4);
    },
  };
}

/** Sorted, non-overlapping inclusive ranges of addresses, each with its label's id. */
class RangeTable<Value extends number | bigint> {
  private readonly ranges: RangeStore<Value>;
  private readonly labelIds: Uint32Array;
  private count = 0;

  constructor(
    csv: Buffer,
    store: (capacity: number) => RangeStore<Value>,
    toValue: (csv: Buffer, from: number, to: number) => Value,
    labels: Labels,
  ) {
    let lines = 1;
    for (let at = csv.indexOf(newline); at >= 0; at = csv.indexOf(newline, at + 1)) lines += 1;
    this.ranges = store(lines);
    this.labelIds = new Uint32Array(lines);
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
        const labelId = labels.idOf(asn, () =>
          unquote(csv.toString("utf8", third + 1, lineEnd).trim()),
        );
        this.add(toValue(csv, lineStart, first), toValue(csv, first + 1, second), labelId);
      }
      lineStart = lineEnd + 1;
    }
  }

  /** The label id of the range holding the value, or 0 (no label). */
  find(value: Value): number {
    // The last range starting at or before the value.
    let low = 0;
    let high = this.count - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      if (this.ranges.start(middle) <= value) {
        found = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    if (found < 0 || this.ranges.end(found) < value) return 0;
    return this.labelIds[found]!;
  }

  private add(start: Value, end: Value, labelId: number): void {
    if (this.count > 0) {
      const previousEnd = this.ranges.end(this.count - 1);
      // The data has the odd range overlapping the one before it: the earlier one wins.
      if (start <= previousEnd) {
        if (end <= previousEnd) return;
        start = (
          typeof previousEnd === "bigint" ? previousEnd + 1n : (previousEnd as number) + 1
        ) as Value;
      }
    }
    this.ranges.set(this.count, start, end);
    this.labelIds[this.count] = labelId;
    this.count += 1;
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
