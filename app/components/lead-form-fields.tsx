import { honeypotName } from "~/lib/honeypot";

import { Honeypot } from "./honeypot";

/**
 * The fields every lead form sends besides the visitor's: the office the page showed and the
 * honeypot. (The scripts add the idempotency key when they submit.)
 */
export function LeadFormFields({ companyEmail }: { companyEmail: string }) {
  return (
    <>
      <input type="hidden" name="companyEmail" value={companyEmail} />
      <Honeypot name={honeypotName} />
    </>
  );
}
