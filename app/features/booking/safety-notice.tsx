import { Phone, TriangleAlert } from "lucide-react";

import { formatPhone, type CompanyProfile } from "~/content/company";

import type { SafetyConcern } from "~/domain/safety";
import { useLocale } from "~/lib/use-locale";
import * as m from "~/paraglide/messages/_index.js";

/** What to do now, per danger: the words the notice shows. */
const safetyAdvice = {
  gas: m.booking_safety_gas,
  electrical: m.booking_safety_electrical,
  water: m.booking_safety_water,
} satisfies Record<SafetyConcern, unknown>;

/**
 * Shown above Submit when the problem description mentions a danger: what to do before the
 * visit, and the office's phone. It never stops the request; the live region around it
 * announces it when the description's words bring it up.
 */
export function SafetyNotice({
  concerns,
  office,
}: {
  concerns: readonly SafetyConcern[];
  office: Pick<CompanyProfile, "phone" | "phoneForCall">;
}) {
  const locale = useLocale();
  return (
    <div aria-live="polite">
      {concerns.length > 0 ? (
        <section
          role="note"
          aria-labelledby="safety-notice-title"
          className="grid gap-2 rounded-lg border-2 border-amber-600 bg-amber-50 px-4 py-3 text-sm text-slate-900"
        >
          <h4
            id="safety-notice-title"
            className="flex items-center gap-2 text-base font-bold text-amber-950"
          >
            <TriangleAlert className="size-5 shrink-0 text-amber-700" aria-hidden="true" />
            {m.booking_safety_heading({}, { locale })}
          </h4>
          <ul className="grid list-disc gap-1 pl-5">
            {concerns.map((concern) => (
              <li key={concern}>{safetyAdvice[concern]({}, { locale })}</li>
            ))}
          </ul>
          <p>
            {m.booking_safety_call_before({}, { locale })}{" "}
            <a
              href={`tel:${office.phoneForCall}`}
              className="inline-flex items-center gap-1 font-semibold text-brand-800 underline underline-offset-2"
            >
              <Phone className="size-4" aria-hidden="true" />
              {formatPhone(office.phone)}
            </a>{" "}
            {m.booking_safety_call_after({}, { locale })}
          </p>
        </section>
      ) : null}
    </div>
  );
}
