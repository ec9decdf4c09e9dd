import { FilePages } from "./file-pages";

/**
 * A MaxMind DB (MMDB format 2) read from its file as lookups need it, rather than read whole into
 * memory: the city database is about 130 MB, most of a small server's memory. Each lookup walks
 * the search tree (one record per bit of the address) and decodes one data record; the file's
 * 4 KB pages are kept in a small least-recently-used cache, and the operating system's page
 * cache does the rest. Format: https://maxmind.github.io/MaxMind-DB/
 */
export class MmdbFile {
  readonly metadata: Record<string, unknown>;
  private readonly pages: FilePages;
  private readonly nodeCount: number;
  private readonly recordSize: number;
  private readonly nodeBytes: number;
  private readonly dataSectionStart: number;
  private readonly ipVersion: number;
  private ipv4StartNode: number | undefined;

  constructor(file: string, cachedPages = 512) {
    this.pages = new FilePages(file, cachedPages);
    const metadataStart = this.findMetadata();
    this.metadata = asRecord(new Decoder(this.pages, metadataStart).decode(metadataStart).value);
    this.nodeCount = Number(this.metadata.node_count);
    this.recordSize = Number(this.metadata.record_size);
    this.ipVersion = Number(this.metadata.ip_version);
    if (![24, 28, 32].includes(this.recordSize)) {
      throw new Error(`Unsupported MMDB record size ${this.recordSize} in ${file}`);
    }
    this.nodeBytes = (this.recordSize * 2) / 8;
    this.dataSectionStart = this.nodeCount * this.nodeBytes + 16;
  }

  /** The data record for an address (its bytes: 4 for IPv4, 16 for IPv6), or null. */
  get(address: Uint8Array): unknown {
    let node = 0;
    const bits = address.length * 8;
    if (address.length === 4 && this.ipVersion === 6) node = this.ipv4Start();
    for (let bit = 0; bit < bits && node < this.nodeCount; bit += 1) {
      const byte = address[bit >> 3]!;
      node = this.record(node, (byte >> (7 - (bit & 7))) & 1);
    }
    if (node <= this.nodeCount) return null;
    const offset = node - this.nodeCount - 16 + this.dataSectionStart;
    return new Decoder(this.pages, this.dataSectionStart).decode(offset).value;
  }

  close() {
    this.pages.close();
  }

  /** In an IPv6 tree, IPv4 addresses live under ::/96: the node 96 left turns down. */
  private ipv4Start(): number {
    if (this.ipv4StartNode === undefined) {
      let node = 0;
      for (let bit = 0; bit < 96 && node < this.nodeCount; bit += 1) node = this.record(node, 0);
      this.ipv4StartNode = node;
    }
    return this.ipv4StartNode;
  }

  private record(node: number, side: 0 | 1 | number): number {
    const offset = node * this.nodeBytes;
    switch (this.recordSize) {
      case 24:
        return this.pages.uint(offset + side * 3, 3);
      case 28: {
        const middle = this.pages.byte(offset + 3);
        return side === 0
          ? ((middle & 0xf0) << 20) + this.pages.uint(offset, 3)
          : ((middle & 0x0f) << 24) + this.pages.uint(offset + 4, 3);
      }
      default:
        return this.pages.uint(offset + side * 4, 4);
    }
  }

  /** The metadata follows the last "\xAB\xCD\xEFMaxMind.com" marker, within the file's last 128 KB. */
  private findMetadata(): number {
    const marker = Buffer.from("abcdef4d61784d696e642e636f6d", "hex");
    const searched = Math.min(this.pages.size, 128 * 1024);
    const tail = this.pages.bytes(this.pages.size - searched, searched);
    const at = tail.lastIndexOf(marker);
    if (at < 0) throw new Error("Not a MaxMind DB file: no metadata marker");
    return this.pages.size - searched + at + marker.length;
  }
}

function asRecord(value: unknown): Record<string, unknown> {
  if (typeof value !== "object" || value === null) throw new Error("Bad MMDB metadata");
  return value as Record<string, unknown>;
}

interface Decoded {
  value: unknown;
  next: number;
}

const enum DataType {
  Extended = 0,
  Pointer = 1,
  Utf8String = 2,
  Double = 3,
  Bytes = 4,
  Uint16 = 5,
  Uint32 = 6,
  Map = 7,
  Int32 = 8,
  Uint64 = 9,
  Uint128 = 10,
  Array = 11,
  Container = 12,
  EndMarker = 13,
  Boolean = 14,
  Float = 15,
}

/** The MMDB data section's self-describing values; pointers are relative to `base`. */
class Decoder {
  constructor(
    private readonly pages: FilePages,
    private readonly base: number,
  ) {}

  decode(offset: number): Decoded {
    const control = this.pages.byte(offset);
    let position = offset + 1;
    let type = control >> 5;
    if (type === DataType.Pointer) {
      const { target, next } = this.pointer(control, position);
      return { value: this.decode(target).value, next };
    }
    if (type === DataType.Extended) {
      type = 7 + this.pages.byte(position);
      position += 1;
    }
    let size = control & 0x1f;
    if (size === 29) {
      size = 29 + this.pages.byte(position);
      position += 1;
    } else if (size === 30) {
      size = 285 + this.pages.uint(position, 2);
      position += 2;
    } else if (size === 31) {
      size = 65_821 + this.pages.uint(position, 3);
      position += 3;
    }
    return this.value(type, size, position);
  }

  private pointer(control: number, position: number): { target: number; next: number } {
    const sizeBits = (control >> 3) & 0x3;
    const low = control & 0x7;
    const length = sizeBits + 1;
    const bytes = this.pages.uint(position, length);
    const offsets = [0, 2048, 526_336, 0];
    const value = sizeBits === 3 ? bytes : low * 2 ** (8 * length) + bytes + offsets[sizeBits]!;
    return { target: this.base + value, next: position + length };
  }

  private value(type: number, size: number, position: number): Decoded {
    switch (type) {
      case DataType.Utf8String:
        return { value: this.pages.bytes(position, size).toString("utf8"), next: position + size };
      case DataType.Double:
        return { value: this.pages.bytes(position, 8).readDoubleBE(0), next: position + 8 };
      case DataType.Float:
        return { value: this.pages.bytes(position, 4).readFloatBE(0), next: position + 4 };
      case DataType.Bytes:
        return { value: Buffer.from(this.pages.bytes(position, size)), next: position + size };
      case DataType.Uint16:
      case DataType.Uint32:
        return { value: size === 0 ? 0 : this.pages.uint(position, size), next: position + size };
      case DataType.Int32: {
        const padded = Buffer.alloc(4);
        this.pages.bytes(position, size).copy(padded, 4 - size);
        return { value: size === 0 ? 0 : padded.readInt32BE(0), next: position + size };
      }
      case DataType.Uint64:
      case DataType.Uint128: {
        let value = 0n;
        for (const byte of this.pages.bytes(position, size)) value = (value << 8n) | BigInt(byte);
        return { value, next: position + size };
      }
      case DataType.Boolean:
        return { value: size !== 0, next: position };
      case DataType.Map: {
        const map: Record<string, unknown> = {};
        let next = position;
        for (let entry = 0; entry < size; entry += 1) {
          const key = this.decode(next);
          const value = this.decode(key.next);
          map[String(key.value)] = value.value;
          next = value.next;
        }
        return { value: map, next };
      }
      case DataType.Array: {
        const array: unknown[] = [];
        let next = position;
        for (let entry = 0; entry < size; entry += 1) {
          const item = this.decode(next);
          array.push(item.value);
          next = item.next;
        }
        return { value: array, next };
      }
      default:
        throw new Error(`Unsupported MMDB data type ${type}`);
    }
  }
}
