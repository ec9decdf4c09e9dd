import { randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";

import { expect, test } from "vitest";

import { crc32Combine, crc32Shift } from "./crc32-combine";

test("combining the parts' CRCs gives the CRC of the joined bytes", () => {
  for (const [a, b] of [
    [0, 0],
    [1, 0],
    [0, 1],
    [5, 24],
    [1000, 333],
    [70_000, 65_537],
    [123_456, 1],
  ] as const) {
    const first = randomBytes(a);
    const second = randomBytes(b);
    const combined = crc32Combine(crc32(first), crc32(second), crc32Shift(second.length));
    expect(combined).toBe(crc32(Buffer.concat([first, second])));
  }
});
