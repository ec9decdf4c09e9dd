// CRC-32 of joined buffers from the CRCs of the parts, as zlib's crc32_combine does it
// (zlib 1.2.12, crc32.c): multiplication modulo the CRC polynomial, reflected bit order.

const polynomial = 0xedb88320;

/** a × b modulo the polynomial. */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let product = 0;
  for (;;) {
    if (a & m) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ polynomial : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^n) modulo the polynomial, for n = 0…31. */
const powersOfX: number[] = [];
for (let n = 0, p = 0x40000000; n < 32; n++) {
  powersOfX.push(p);
  p = multiplyModP(p, p);
}

/** The operator that moves a CRC past `length` bytes: x^(8 × length) modulo the polynomial. */
export function crc32Shift(length: number): number {
  let p = 0x80000000;
  for (let n = length, k = 3; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2 === 1) p = multiplyModP(powersOfX[k % 32]!, p);
  }
  return p;
}

/** CRC-32 of A then B, from CRC(A), CRC(B) and B's shift operator (`crc32Shift(B.length)`). */
export function crc32Combine(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModP(shiftB, crcA) ^ crcB) >>> 0;
}
