/**
 * A CSV cell a spreadsheet shows as text: quoted, and with a leading `=`, `+`, `-`, `@`, tab or
 * carriage return neutralised by a `'` in front, so it is never read as a formula (OWASP, "CSV
 * injection").
 */
export function csvCell(value: string): string {
  return `"${neutralised(value).replaceAll('"', '""')}"`;
}

/** `value` with a `'` in front when a spreadsheet would read it as a formula (see `csvCell`). */
export function neutralised(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Rows as CSV (RFC 4180, CRLF), with a byte-order mark so spreadsheets read it as UTF-8. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
