/**
 * Money, read and written one way for every layer: what a person types into a price, an estimate
 * line, a payment or a charge becomes integer cents through `parseMoney`, and every amount a page,
 * an email, a text or the timeline shows is written by `formatMoney` (their words differ by
 * `style` only). Cents are integers everywhere in between, so no sum ever meets a float.
 */

/** The most an amount may be: under a million dollars (an estimate's line, a payment, a fee). */
export const maxMoneyCents = 99_999_999;

// "$ 1,200.50", "1200.5", "89": digits grouped by commas in threes or not at all, then at most
// two decimals. A minus sign, a third decimal, "1,20" or "12e3" is not an amount.
const amountPattern = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * "89", "89.5", "$1,200.00", " $89.00 " → 8900, 8950, 120000, 8900: an amount in dollars as it
 * is typed, in cents. Null when it is not one: empty, negative, more than two decimals, anything
 * else, or more than `maxMoneyCents`.
 */
export function parseMoney(text: string): number | null {
  const match = amountPattern.exec(text.trim());
  if (!match) return null;
  const dollars = match[1]!.replaceAll(",", "");
  // Counted in digits first: a long string would be an unsafe number before it is a large one.
  if (dollars.replace(/^0+/, "").length > 6) return null;
  const cents = Number(dollars) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return cents <= maxMoneyCents ? cents : null;
}

/** How an amount is written where it is read. */
export interface MoneyStyle {
  /**
   * "always": "$245.00", "$1,200.50" (an estimate, a receipt, a charge). "when-needed": "$89",
   * "$189.50" (a price, a fee, a range: whole dollars read as whole dollars).
   */
  cents: "always" | "when-needed";
  /** As a form field shows it again to be edited: "1250.50", no "$" and no commas. */
  field?: boolean;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(showCents: boolean, field: boolean): Intl.NumberFormat {
  const key = `${showCents}:${field}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const digits = showCents ? 2 : 0;
    formatter = new Intl.NumberFormat("en-US", {
      ...(field
        ? { style: "decimal", useGrouping: false }
        : { style: "currency", currency: "USD" }),
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * 24500 → "$245.00" (`cents: "always"`) or 8900 → "$89" and 18950 → "$189.50" (`cents:
 * "when-needed"`): the one function that writes an amount. Cents that are not a whole number are
 * refused rather than printed as "$NaN".
 */
export function formatMoney(cents: number, style: MoneyStyle): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const showCents = style.cents === "always" || cents % 100 !== 0;
  return formatterFor(showCents, style.field ?? false).format(cents / 100);
}
