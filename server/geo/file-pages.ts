import { closeSync, fstatSync, openSync, readSync } from "node:fs";

const pageSize = 4096;

/**
 * A read-only file's bytes by position, through a bounded least-recently-used cache of its 4 KB
 * pages: the geolocation databases are looked up where they lie on disk instead of being held in
 * memory, and the operating system's page cache does the rest.
 */
export class FilePages {
  readonly size: number;
  private readonly descriptor: number;
  private readonly kept = new Map<number, Buffer>();

  constructor(
    file: string,
    private readonly capacity: number,
  ) {
    this.descriptor = openSync(file, "r");
    this.size = fstatSync(this.descriptor).size;
  }

  byte(offset: number): number {
    return this.page(Math.floor(offset / pageSize))[offset % pageSize]!;
  }

  /** A big-endian unsigned integer of up to 4 bytes. */
  uint(offset: number, length: number): number {
    let value = 0;
    for (let index = 0; index < length; index += 1) {
      value = value * 256 + this.byte(offset + index);
    }
    return value;
  }

  /** `length` bytes from `offset`: a view of a kept page, or a copy read when they span two. */
  bytes(offset: number, length: number): Buffer {
    if (length === 0) return Buffer.alloc(0);
    const first = Math.floor(offset / pageSize);
    if (Math.floor((offset + length - 1) / pageSize) === first) {
      const start = offset % pageSize;
      return this.page(first).subarray(start, start + length);
    }
    const buffer = Buffer.alloc(length);
    readSync(this.descriptor, buffer, 0, length, offset);
    return buffer;
  }

  close() {
    closeSync(this.descriptor);
  }

  private page(index: number): Buffer {
    const kept = this.kept.get(index);
    if (kept) {
      // Most recently used last.
      this.kept.delete(index);
      this.kept.set(index, kept);
      return kept;
    }
    const page = Buffer.alloc(pageSize);
    readSync(this.descriptor, page, 0, pageSize, index * pageSize);
    this.kept.set(index, page);
    if (this.kept.size > this.capacity) this.kept.delete(this.kept.keys().next().value!);
    return page;
  }
}
