import { buttonVariants } from "~/components/ui/button";
import { applianceTypesIn, type ApplianceTypeId } from "~/content/appliances";
import { cn } from "~/lib/utils";
import { useLocale } from "~/lib/use-locale";
import * as m from "~/paraglide/messages/_index.js";

import { StepControl } from "./step-controls";

/**
 * Step 1: each appliance leads to step 2 for it (a link to `?appliance=…` without JavaScript).
 */
export function ApplianceStep({
  selected,
  hrefFor,
  onPick,
  cancelHref,
  onCancel,
}: {
  selected: ApplianceTypeId | undefined;
  hrefFor: (id: ApplianceTypeId) => string;
  onPick: (id: ApplianceTypeId) => void;
  cancelHref: string;
  onCancel: () => void;
}) {
  const locale = useLocale();
  return (
    <div className="grid gap-6">
      <ul
        className="grid grid-cols-2 gap-3 sm:grid-cols-4"
        aria-label={m.booking_appliances({}, { locale })}
      >
        {applianceTypesIn(locale).map(({ id, name, description, icon: Icon }) => (
          <li key={id}>
            <StepControl
              href={hrefFor(id)}
              onActivate={() => onPick(id)}
              aria-pressed={selected === id}
              className={cn(
                "flex h-full w-full flex-col items-center gap-2 rounded-xl border p-4 text-center transition-colors outline-none hover:border-brand-700 hover:bg-brand-50 focus-visible:ring-3 focus-visible:ring-brand-400/60",
                selected === id ? "border-brand-700 bg-brand-50" : "border-slate-200 bg-white",
              )}
            >
              <Icon className="size-7 text-brand-700" aria-hidden="true" />
              <span className="font-semibold text-slate-900">{name}</span>
              <span className="text-xs text-slate-600">{description}</span>
            </StepControl>
          </li>
        ))}
      </ul>
      <div className="flex justify-end">
        <StepControl
          href={cancelHref}
          onActivate={onCancel}
          className={buttonVariants({ variant: "outline" })}
        >
          {m.booking_cancel({}, { locale })}
        </StepControl>
      </div>
    </div>
  );
}
