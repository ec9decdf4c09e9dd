/**
 * A US phone number as typed ("(713) 555-0188", "713.555.0188", "+1 713 555 0188") in E.164
 * ("+17135550188"), or null when it is not one a text can go to.
 */
export function e164Of(phone: string): string | null {
  const digits = phone.replace(/\D/g, "");
  if (digits.length === 10 && /^[2-9]\d{2}[2-9]/.test(digits)) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1") && /^1[2-9]\d{2}[2-9]/.test(digits)) {
    return `+${digits}`;
  }
  return null;
}
