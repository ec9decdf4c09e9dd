/** The small pieces every email is written with: escaping, header-safe text, dates, tables. */
const htmlEntities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => htmlEntities[character] ?? character);
}

/** Anything that reaches a header (names, subjects) loses its line breaks: no injected header. */
export function headerSafe(value: string): string {
  return value
    .replace(/[\r\n\u2028\u2029\u0085]+/g, " ")
    .replace(/\s{2,}/g, " ")
    .trim();
}

/**
 * Something a visitor typed, to show to someone who may not be that visitor (the homeowner's
 * calendar), or null when it holds anything a mail or calendar app could make a link of (a
 * scheme, `www`, a host name, an email or IP address) or markup. Looked at as the apps see it:
 * compatibility forms folded, invisible characters dropped, every dot IDNA reads as a dot.
 */
export function plainOrNull(value: string): string | null {
  const seen = value
    .normalize("NFKC")
    .replace(/[\p{Cf}]/gu, "")
    .replace(/[\u3002\uff0e\uff61]/g, ".");
  const linkable =
    /[<>]/.test(seen) ||
    /:\s*[\\/]{2}/.test(seen) ||
    /\bwww\b/i.test(seen) ||
    /[\p{L}\p{N}_-]\.[\p{L}\p{N}_-]/u.test(seen) ||
    /[@\uff20]/.test(seen) ||
    /\b(?:mailto|tel|sms|javascript|data|file):/i.test(seen);
  return linkable ? null : headerSafe(value);
}

const longDate = new Intl.DateTimeFormat("en-US", {
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** `Intl` formatting is slow enough to show under load; leads mostly share a few dates. */
const longDates = new Map<string, string>();

/** "2025-01-05" → "January 5, 2025" (the site's "MMMM d, yyyy"). */
export function formatLongDate(isoDate: string): string {
  let formatted = longDates.get(isoDate);
  if (formatted === undefined) {
    const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
    formatted = longDate.format(new Date(Date.UTC(year, month - 1, day)));
    // Visitors pick dates in the coming weeks: a small set. Bounded all the same.
    if (longDates.size >= 1000) longDates.clear();
    longDates.set(isoDate, formatted);
  }
  return formatted;
}

export interface EmailField {
  label: string;
  value: string;
}

/** "Label: value" lines; an empty value reads "—" so every field of the lead is listed. */
export function fieldsAsText(fields: readonly EmailField[]): string {
  return fields.map(({ label, value }) => `${label}: ${value === "" ? "—" : value}`).join("\n");
}

export function fieldsAsHtml(fields: readonly EmailField[]): string {
  const rows = fields
    .map(
      ({ label, value }) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 0;white-space:pre-wrap">${value === "" ? "—" : escapeHtml(value)}</td></tr>`,
    )
    .join("\n");
  return `<table cellspacing="0" cellpadding="0" style="border-collapse:collapse">\n${rows}\n</table>`;
}

/** A minimal, well-formed HTML document for an email body. */
export function htmlDocument(title: string, body: string): string {
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#0f172a">',
    body,
    "</body></html>",
  ].join("\n");
}

export function paragraphsAsHtml(paragraphs: readonly string[]): string {
  return paragraphs
    .map((paragraph) => `<p style="white-space:pre-wrap">${escapeHtml(paragraph)}</p>`)
    .join("\n");
}
