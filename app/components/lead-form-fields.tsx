import { useId } from "react";

import { honeypotName } from "~/lib/honeypot";
import { idempotencyKeyField, idempotencyKeySlot } from "~/lib/idempotency-field";

import { Honeypot } from "./honeypot";

/**
 * The fields every lead form sends besides the visitor's: the office the page showed, the
 * honeypot, and the idempotency key the server writes into each response (one per form on the
 * page, so two forms never share one).
 */
export function LeadFormFields({ companyEmail }: { companyEmail: string }) {
  const formId = useId();
  return (
    <>
      <input type="hidden" name="companyEmail" value={companyEmail} />
      <input
        type="hidden"
        name={idempotencyKeyField}
        value={`${idempotencyKeySlot}${formId}`}
        // The server's value differs from the stand-in on purpose (a key per response).
        suppressHydrationWarning
      />
      <Honeypot name={honeypotName} />
    </>
  );
}
