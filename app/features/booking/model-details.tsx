import { ChevronDown } from "lucide-react";
import { useEffect, useRef } from "react";

import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { brands } from "~/content/brands";
import type { useLeadForm } from "~/lib/use-lead-form";
import { useLocale } from "~/lib/use-locale";
import * as m from "~/paraglide/messages/_index.js";

/** The step 2 fields folded under "Add model details (optional)". */
export const modelDetailFields = ["brand", "model", "serialNumber"] as const;

/**
 * Brand, model and serial number, folded (a native `<details>`, so it opens without JavaScript
 * too). It opens by itself when one of them holds a value (a POST's values, a restored draft)
 * or a message, so nothing typed or wrong is ever hidden.
 */
export function ModelDetails({ form }: { form: ReturnType<typeof useLeadForm> }) {
  const locale = useLocale();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const startsOpen = modelDetailFields.some(
    (name) => Boolean(form.defaultValues[name]) || Boolean(form.errors[name]),
  );
  const hasError = modelDetailFields.some((name) => Boolean(form.errors[name]));
  useEffect(() => {
    if (hasError && detailsRef.current) detailsRef.current.open = true;
  }, [hasError]);
  return (
    <details
      ref={detailsRef}
      open={startsOpen || undefined}
      data-model-details
      className="group/details rounded-lg border border-slate-200"
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-brand-800 focus-visible:ring-3 focus-visible:ring-brand-400/60 focus-visible:outline-none [&::-webkit-details-marker]:hidden">
        {m.booking_model_details({}, { locale })}
        <ChevronDown
          className="size-4 transition-transform group-open/details:rotate-180"
          aria-hidden="true"
        />
      </summary>
      <div className="grid gap-5 border-t border-slate-200 p-3 sm:grid-cols-3">
        <p className="text-sm text-slate-700 sm:col-span-3">
          {m.booking_model_hint({}, { locale })}
        </p>
        <Field label={m.booking_brand({}, { locale })} error={form.errors.brand}>
          <Input {...form.field("brand")} list="schedule-brands" />
        </Field>
        <Field label={m.booking_model({}, { locale })} error={form.errors.model}>
          <Input {...form.field("model")} />
        </Field>
        <Field label={m.booking_serial({}, { locale })} error={form.errors.serialNumber}>
          <Input {...form.field("serialNumber")} />
        </Field>
        <datalist id="schedule-brands">
          {brands.map((brand) => (
            <option key={brand.slug} value={brand.name} />
          ))}
        </datalist>
      </div>
    </details>
  );
}
