/**
 * A service request's short reference ("R-7K3F"): what a homeowner reads out on the phone and
 * finds at the top of their confirmation. Made from a number the database hands out once
 * (`service_request_reference_seq`), so no two requests share one; the number is shuffled within
 * its width first, so that references do not count our requests for a stranger who books twice.
 */

/** Crockford's base 32: no I, L, O or U, so nothing reads as another character. */
const symbols = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

const referencePattern = /^R-[0-9A-HJKMNP-TV-Z]{4,8}$/;

/** Four symbols hold 2^20 references; each further symbol 32 times as many. */
function widthOf(number: number): { width: number; offset: number } {
  let width = 4;
  let offset = 0;
  while (number - offset >= 32 ** width) {
    offset += 32 ** width;
    width += 1;
  }
  return { width, offset };
}

/**
 * A bijection of the integers below 2^bits: a few rounds of a multiply-xorshift, each one
 * invertible, so distinct numbers stay distinct.
 */
function shuffle(value: number, bits: number): number {
  const size = 2 ** bits;
  const mask = BigInt(size - 1);
  let x = BigInt(value);
  for (const multiplier of [0x2c9277b5n, 0x5cd1e995n, 0x27d4eb2dn]) {
    x = (x * multiplier + 0x9e3779b9n) & mask;
    x ^= x >> BigInt(Math.ceil(bits / 2));
  }
  return Number(x);
}

/** The reference of the request given `number` (a positive integer from the sequence). */
export function requestReference(number: number): string {
  if (!Number.isSafeInteger(number) || number < 0) throw new RangeError(`Bad number ${number}`);
  const { width, offset } = widthOf(number);
  let value = shuffle(number - offset, width * 5);
  let text = "";
  for (let position = 0; position < width; position += 1) {
    text = symbols[value % 32] + text;
    value = Math.floor(value / 32);
  }
  return `R-${text}`;
}

/**
 * A reference as someone typed it ("r 7k3f", "R-7K3F"), in its stored form, or null when it
 * cannot be one. O and I/L are read as 0 and 1, as Crockford intends.
 */
export function typedReference(typed: string): string | null {
  const compact = typed.toUpperCase().replace(/[\s-]/g, "");
  if (!compact.startsWith("R")) return null;
  const reference = `R-${compact.slice(1).replace(/O/g, "0").replace(/[IL]/g, "1")}`;
  return referencePattern.test(reference) ? reference : null;
}
