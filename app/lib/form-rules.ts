// Rules the browser needs on every page, without zod (which loads with the first validation).

/** Local part, @, domain, and a top-level part of at least two letters; any case. */
export const emailPattern = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;

/** "(555) 555-5555": what the phone field formats digits into. */
export const usPhonePattern = /^\(\d{3}\) \d{3}-\d{4}$/;

export const phoneMaxLength = 14;

export { honeypotName } from "./honeypot";

/** Formats typed digits as "(555) 555-5555", at most 14 characters. */
export function formatUsPhone(input: string): string {
  const digits = input
    .replace(/\D/g, "")
    .replace(/^1(?=\d{10})/, "")
    .slice(0, 10);
  if (digits.length === 0) return "";
  if (digits.length < 4) return `(${digits}`;
  if (digits.length < 7) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
