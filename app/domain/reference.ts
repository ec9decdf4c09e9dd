/**
 * A service request's short reference ("R-7K3F"): what a homeowner reads out on the phone and
 * finds at the top of their confirmation. Made from a number the database hands out once
 * (`service_request_reference_seq`), so no two requests share one; the number is permuted within
 * its width first, with a key of the server's, so that references do not count our requests for a
 * stranger who books twice.
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
 * A bijection of the integers below 2^bits. The server's is keyed with its secret
 * (server/requests/request-references.ts), so that nobody who reads this code can turn a
 * reference back into how many requests came before it.
 */
export type ReferencePermutation = (value: number, bits: number) => number;

/** The reference of the request given `number` (a positive integer from the sequence). */
export function requestReference(number: number, permute: ReferencePermutation): string {
  if (!Number.isSafeInteger(number) || number < 0) throw new RangeError(`Bad number ${number}`);
  const { width, offset } = widthOf(number);
  let value = permute(number - offset, width * 5);
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
