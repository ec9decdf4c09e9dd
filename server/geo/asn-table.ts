import path from "node:path";

import { FilePages } from "./file-pages";
import { ipv4ToNumber, ipv6ToBigInt, type IpAddress } from "./ip-address";

/** Answers "AS7922 Comcast Cable Communications, LLC" for an address, or "" when unknown. */
export interface AsnTable {
  organization(ip: IpAddress): string;
  close(): void;
}

/**
 * Opens the IP-to-ASN ranges of `@ip-location-db/asn` (CSV sorted by first address: first
 * address, last address, AS number, organization; addresses as integers) and bisects the files
 * where they lie, through a small cache of their pages. Held in memory, the two tables cost the
 * server about 30 MB of its resident memory (10 MB of arrays, 84,000 names, and what reading 33 MB
 * of CSV left behind in the allocator); a lookup reads about 20 lines and is cached per address
 * by the location service. No MaxMind-format ASN database installs from the registry we use,
 * hence the CSV.
 */
export async function loadAsnTable(directory: string): Promise<AsnTable> {
  const ipv4 = new RangeFile(path.join(directory, "asn-ipv4-num.csv"), Number);
  const ipv6 = new RangeFile(path.join(directory, "asn-ipv6-num.csv"), BigInt);
  return Promise.resolve({
    organization: ({ address, family }) =>
      family === 4 ? ipv4.find(ipv4ToNumber(address)) : ipv6.find(ipv6ToBigInt(address)),
    close() {
      ipv4.close();
      ipv6.close();
    },
  });
}

const comma = 0x2c;
const newline = 0x0a;
/** Longer than any line of the files (the longest is about 250 bytes). */
const maxLineBytes = 1024;
/** 1 MB per file: the first levels of every bisection stay in memory. */
const cachedPages = 256;

interface Range<Value> {
  start: Value;
  end: Value;
  /** Where the next line starts. */
  next: number;
  label(): string;
}

/** One CSV file of sorted ranges, searched by byte position. */
class RangeFile<Value extends number | bigint> {
  private readonly pages: FilePages;

  constructor(
    file: string,
    private readonly parse: (digits: string) => Value,
  ) {
    this.pages = new FilePages(file, cachedPages);
  }

  /** The label of the range holding the value, or "". */
  find(value: Value): string {
    // `low` is always the start of a line; the last line starting at or below the value starts
    // in [low, high).
    let low = 0;
    let high = this.pages.size;
    for (;;) {
      const line = this.lineAfter(Math.floor((low + high) / 2));
      if (line >= high) break;
      const range = this.rangeAt(line);
      if (range && range.start <= value) low = line;
      else high = line;
    }
    // A few lines are left: walk them to the last that starts at or below the value.
    let last: Range<Value> | undefined;
    let lastAt = low;
    for (let at = low; at < this.pages.size;) {
      const range = this.rangeAt(at);
      if (!range || range.start > value) break;
      last = range;
      lastAt = at;
      at = range.next;
    }
    if (!last) return "";
    // The data has the odd range overlapping the one before it: the earlier one wins.
    const before = lastAt > 0 ? this.rangeAt(this.lineBefore(lastAt)) : undefined;
    if (before && before.end >= value) return before.label();
    return last.end >= value ? last.label() : "";
  }

  close() {
    this.pages.close();
  }

  /** The start of the first line after the one holding `offset` (the file's size if none). */
  private lineAfter(offset: number): number {
    const text = this.pages.bytes(offset, Math.min(maxLineBytes, this.pages.size - offset));
    const at = text.indexOf(newline);
    return at < 0 ? this.pages.size : offset + at + 1;
  }

  /** The start of the line before the one starting at `lineStart` (> 0). */
  private lineBefore(lineStart: number): number {
    const from = Math.max(0, lineStart - 1 - maxLineBytes);
    const at = this.pages.bytes(from, lineStart - 1 - from).lastIndexOf(newline);
    return at < 0 ? from : from + at + 1;
  }

  private rangeAt(lineStart: number): Range<Value> | undefined {
    const text = this.pages.bytes(lineStart, Math.min(maxLineBytes, this.pages.size - lineStart));
    let lineEnd = text.indexOf(newline);
    if (lineEnd < 0) lineEnd = text.length;
    const first = text.indexOf(comma);
    const second = first < 0 ? -1 : text.indexOf(comma, first + 1);
    const third = second < 0 ? -1 : text.indexOf(comma, second + 1);
    if (third < 0 || third > lineEnd) return undefined;
    // Copied: `text` may be a view of a page the cache lets go of.
    const asn = Number(text.toString("latin1", second + 1, third));
    const organization = text.toString("utf8", third + 1, lineEnd);
    return {
      start: this.parse(text.toString("latin1", 0, first)),
      end: this.parse(text.toString("latin1", first + 1, second)),
      next: lineStart + lineEnd + 1,
      label: () => `AS${asn} ${unquote(organization.trim())}`.trim(),
    };
  }
}

function unquote(field: string): string {
  return field.startsWith('"') && field.endsWith('"')
    ? field.slice(1, -1).replaceAll('""', '"')
    : field;
}
