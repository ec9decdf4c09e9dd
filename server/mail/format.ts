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

/** A minimal, well-formed HTML document for an email body, in the homeowner's language. */
export function htmlDocument(title: string, body: string, language: "en" | "es" = "en"): string {
  return [
    "<!doctype html>",
    `<html lang="${language}"><head><meta charset="utf-8">`,
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

/** Where an office email's lead opens in the desk, as a line of text and of HTML. */
export function deskLink(siteUrl: string, leadId: string): { text: string; html: string } {
  const url = `${siteUrl.replace(/\/$/, "")}/office/leads/${leadId}`;
  return {
    text: `Open in the desk: ${url}`,
    html: `<p><a href="${escapeHtml(url)}">Open this lead in the desk</a></p>`,
  };
}

/** The logo the homeowner's emails show (server/security.ts lets other origins load it). */
export const emailLogoPath = "/apple-touch-icon.png";

/** The homeowner's emails' look: the company's blue, as on the site (app/app.css `brand`). */
const brandBlue = "#1d4ed8";

export interface BrandedEmail {
  title: string;
  /** The line inbox lists show beside the subject (hidden in the message itself). */
  preview: string;
  siteUrl: string;
  companyName: string;
  /** What the email leads with: a few labelled facts (the reference, the appliance, the visit). */
  facts: readonly EmailField[];
  /**
   * Lines listed one to a row after the facts (a receipt's or an estimate's parts and labour,
   * each with its amount), with their caption and an optional total row. Absent: none.
   */
  lines?: EmailLines | null;
  /** The one button: its words and where it goes. */
  action: { label: string; url: string } | null;
  paragraphs: readonly string[];
  /** The office's name, phone and hours, below a rule. */
  footer: readonly string[];
  /** The homeowner's language (issue 39): the document says which. English when absent. */
  language?: "en" | "es";
}

/** An email's itemised lines: "Part: Igniter DC97-14486A" and "$145.00", one to a row. */
export interface EmailLines {
  caption: string;
  /** An amount of "" leaves the line without one ("Service call $89: waived"). */
  rows: readonly { item: string; amount: string }[];
  total?: { item: string; amount: string } | null;
}

/** The lines as a table of their own: one row each, the amount on the right. */
function linesAsHtml(lines: EmailLines): string {
  const row = (line: { item: string; amount: string }, total: boolean) =>
    `<tr><td style="padding:6px 12px 6px 0;border-top:1px solid #e2e8f0;color:#0f172a${total ? ";font-weight:bold" : ""}">${escapeHtml(line.item)}</td>` +
    `<td align="right" style="padding:6px 0;border-top:1px solid #e2e8f0;white-space:nowrap;color:#0f172a${total ? ";font-weight:bold" : ""}">${escapeHtml(line.amount)}</td></tr>`;
  return [
    '<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="margin:16px 0 0;border-collapse:collapse">',
    `<tr><td colspan="2" style="padding:0 0 6px;font-weight:bold;color:#0f172a">${escapeHtml(lines.caption)}</td></tr>`,
    ...lines.rows.map((line) => row(line, false)),
    ...(lines.total ? [row(lines.total, true)] : []),
    "</table>",
  ].join("\n");
}

/** The lines as text: the caption, each line on a line of its own, then the total. */
function linesAsText(lines: EmailLines): string {
  return [
    `${lines.caption}:`,
    ...lines.rows.map((line) => `- ${line.item}${line.amount === "" ? "" : `, ${line.amount}`}`),
    ...(lines.total ? [`${lines.total.item}: ${lines.total.amount}`] : []),
  ].join("\n");
}

/**
 * A branded HTML email (logo and name, the facts in a box, one button, the words, the office),
 * in tables and inline styles as mail apps need. Every value is escaped here; a fact of several
 * lines (a receipt's visits) keeps its lines.
 */
export function brandedHtml(email: BrandedEmail): string {
  const site = email.siteUrl.replace(/\/$/, "");
  const facts = email.facts
    .map(
      ({ label, value }) =>
        `<tr><td valign="top" style="padding:2px 16px 2px 0;color:#475569">${escapeHtml(label)}</td>` +
        `<td style="padding:2px 0;font-weight:bold;color:#0f172a;white-space:pre-line">${escapeHtml(value)}</td></tr>`,
    )
    .join("\n");
  const button = email.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(email.action.url)}" style="display:inline-block;background:${brandBlue};color:#ffffff;font-weight:bold;text-decoration:none;padding:12px 22px;border-radius:6px">${escapeHtml(email.action.label)}</a></p>`
    : "";
  const paragraphs = email.paragraphs
    .map((paragraph) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(paragraph)}</p>`)
    .join("\n");
  const footer = email.footer
    .map((line) => `<p style="margin:0 0 4px;color:#475569;font-size:13px">${escapeHtml(line)}</p>`)
    .join("\n");
  const body = [
    `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(email.preview)}</div>`,
    '<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f1f5f9;padding:16px 0"><tr><td align="center">',
    '<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px">',
    `<tr><td style="padding:16px 24px;border-bottom:4px solid ${brandBlue}">`,
    // No link here: the homeowner's emails carry one link only, their private page's.
    `<p style="margin:0;color:#0f172a;font-weight:bold;font-size:17px">`,
    `<img src="${escapeHtml(site)}${emailLogoPath}" width="36" height="36" alt="" style="vertical-align:middle;border-radius:6px;margin-right:10px">`,
    `${escapeHtml(email.companyName)}</p></td></tr>`,
    '<tr><td style="padding:24px">',
    `<h1 style="margin:0 0 16px;font-size:20px;color:#0f172a">${escapeHtml(email.title)}</h1>`,
    facts === ""
      ? ""
      : `<table role="presentation" cellspacing="0" cellpadding="0" style="width:100%;background:#eff6ff;border-radius:6px;padding:12px 16px">${facts}</table>`,
    email.lines && email.lines.rows.length > 0 ? linesAsHtml(email.lines) : "",
    button,
    paragraphs,
    `<hr style="border:none;border-top:1px solid #e2e8f0;margin:20px 0 12px">`,
    footer,
    "</td></tr></table>",
    "</td></tr></table>",
  ]
    .filter((part) => part !== "")
    .join("\n");
  return htmlDocument(email.title, body, email.language);
}

/**
 * The same email as plain text: the facts first (a fact's further lines indented under it), the
 * lines one to a line, then the link, the words and the office.
 */
export function brandedText(email: BrandedEmail): string {
  return (
    [
      email.title,
      fieldsAsText(
        email.facts.map(({ label, value }) => ({ label, value: value.replace(/\n/g, "\n  ") })),
      ),
      ...(email.lines && email.lines.rows.length > 0 ? [linesAsText(email.lines)] : []),
      ...(email.action ? [`${email.action.label}: ${email.action.url}`] : []),
      ...email.paragraphs,
      email.footer.join("\n"),
    ]
      .filter((part) => part !== "")
      .join("\n\n") + "\n"
  );
}

/**
 * What the office's email says of a homeowner who wrote from the Spanish pages (issue 39): a
 * "Language" field and the subject's " (Prefers Spanish)", so the office answers in Spanish.
 */
export function prefersSpanishNote(language: "en" | "es"): {
  fields: EmailField[];
  subjectSuffix: string;
} {
  return language === "es"
    ? {
        fields: [{ label: "Language", value: "Prefers Spanish" }],
        subjectSuffix: " (Prefers Spanish)",
      }
    : { fields: [], subjectSuffix: "" };
}
