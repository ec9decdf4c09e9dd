/**
 * The numbers a text can go to: the server's texts (server/texts/phone-numbers.ts) and the
 * booking's notice, which names the text it sent, ask the same rule.
 */

/**
 * Area codes of the North American plan outside the United States and its territories (the
 * Caribbean and Bermuda; Canada's are allowed): texts to them cost more, and SMS pumping goes there.
 */
const foreignAreaCodes = new Set([
  "242",
  "246",
  "264",
  "268",
  "284",
  "345",
  "441",
  "473",
  "649",
  "658",
  "664",
  "721",
  "758",
  "767",
  "784",
  "809",
  "829",
  "849",
  "868",
  "869",
  "876",
]);

/**
 * A US phone number as typed ("(713) 555-0188", "713.555.0188", "+1 713 555 0188") in E.164
 * ("+17135550188"), or null when it is not one a text can go to.
 */
export function e164Of(phone: string): string | null {
  let digits = phone.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  if (digits.length !== 10 || !/^[2-9]\d{2}[2-9]/.test(digits)) return null;
  return foreignAreaCodes.has(digits.slice(0, 3)) ? null : `+1${digits}`;
}
