import { Phone, TriangleAlert } from "lucide-react";

import { formatPhone, type CompanyProfile } from "~/content/company";

import type { SafetyConcern } from "~/domain/safety";

/** What to do now, per danger: the words the notice shows. */
export const safetyAdvice: Record<SafetyConcern, string> = {
  gas: "If you smell gas, leave the home now. Don't switch anything on or off (lights, the appliance, your phone's flashlight) on the way out, and call 911 or your gas utility from outside.",
  electrical:
    "If you see sparks or smoke or smell burning, unplug the appliance or switch off its breaker if it is safe to do so. If there is fire, get out and call 911.",
  water:
    "If water is on the floor, shut the water supply valve to the appliance (behind or under it) and switch the appliance off.",
};

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
            Before you submit: stay safe
          </h4>
          <ul className="grid list-disc gap-1 pl-5">
            {concerns.map((concern) => (
              <li key={concern}>{safetyAdvice[concern]}</li>
            ))}
          </ul>
          <p>
            Then call us at{" "}
            <a
              href={`tel:${office.phoneForCall}`}
              className="inline-flex items-center gap-1 font-semibold text-brand-800 underline underline-offset-2"
            >
              <Phone className="size-4" aria-hidden="true" />
              {formatPhone(office.phone)}
            </a>{" "}
            — you can still send this request.
          </p>
        </section>
      ) : null}
    </div>
  );
}
