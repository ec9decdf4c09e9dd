import { ArrowLeft, Check } from "lucide-react";
import { useState } from "react";
import { useLocation } from "react-router";

import { FormStatus } from "~/components/form-status";
import { LeadFormFields } from "~/components/lead-form-fields";
import { PhoneInput } from "~/components/phone-input";
import { Button, buttonVariants } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { applianceTypeIds, applianceTypes, type ApplianceTypeId } from "~/content/appliances";
import { brands } from "~/content/brands";
import { isoDateIn } from "~/lib/dates";
import { useLeadForm } from "~/lib/use-lead-form";
import { useHydrated } from "~/lib/use-hydrated";
import { useRegion } from "~/lib/use-region";
import { cn } from "~/lib/utils";

import { DateField } from "./date-field";
import { timeSlots } from "./time-slots";

/** The query parameter step 1's links carry: an appliance id, never something typed. */
export const applianceParam = "appliance";

function applianceIdOf(value: string | null | undefined): ApplianceTypeId | undefined {
  return applianceTypeIds.find((id) => id === value);
}

const stepTitles = { 1: "Select Appliances", 2: "Contact Information" } as const;
const totalSteps = 2;

function ProgressBar({ completedSteps }: { completedSteps: number }) {
  const percent = (completedSteps / totalSteps) * 100;
  return (
    <div
      role="progressbar"
      aria-label="Booking progress"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 overflow-hidden rounded-full bg-slate-200"
    >
      <div
        className="h-full rounded-full bg-brand-700 transition-[width] duration-300"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

/**
 * A step's control: a link to the step's address before (and without) the page's scripts, a
 * button once they run, so the dialog moves without a request.
 */
function StepControl({
  href,
  onActivate,
  className,
  children,
  ...props
}: {
  href: string;
  onActivate: () => void;
  className: string;
  children: React.ReactNode;
  "aria-pressed"?: boolean;
  disabled?: boolean;
}) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <a href={href} className={className}>
        {children}
      </a>
    );
  }
  return (
    <button type="button" onClick={onActivate} className={className} {...props}>
      {children}
    </button>
  );
}

/**
 * Step 1: each appliance leads to step 2 for it (a link to `?appliance=…` without JavaScript).
 */
function ApplianceStep({
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
  return (
    <div className="grid gap-6">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Appliances">
        {applianceTypes.map(({ id, name, description, icon: Icon }) => (
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
          Cancel
        </StepControl>
      </div>
    </div>
  );
}

/**
 * The two-step schedule dialog of spec section 4. Step 2 posts to the /modals/schedule action
 * (one pattern for every form, app/lib/use-lead-form.ts); the progress bar follows the step
 * and the fetcher: 0 % on step 1, half on step 2, full while the request is on its way.
 */
export function ScheduleDialog({ onClose }: { onClose: () => void }) {
  const { profile, link } = useRegion();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const form = useLeadForm({
    kind: "serviceRequest",
    loadSchema: async () => (await import("./schema")).serviceRequestSchema,
    onResult: (result) => {
      if (result.status === "success") onClose();
    },
  });
  const values = form.defaultValues;
  const [selectedAppliance, setSelectedAppliance] = useState(
    () => applianceIdOf(values.selectedAppliance) ?? applianceIdOf(search.get(applianceParam)),
  );
  const [step, setStep] = useState<1 | 2>(selectedAppliance ? 2 : 1);
  const [today] = useState(() => isoDateIn(new Date(), profile.timeZone));
  const sending = form.fetcher.state !== "idle";
  const completedSteps = step === 1 ? 0 : sending ? 2 : 1;
  const bookedWithoutScripts = form.pageResult?.status === "success";

  // Without JavaScript the steps are addresses: step 2 names its appliance, step 1 none.
  const hrefWith = (appliance: ApplianceTypeId | null) => {
    const next = new URLSearchParams(location.search);
    if (appliance) next.set(applianceParam, appliance);
    else next.delete(applianceParam);
    const query = next.toString();
    return query ? `${location.pathname}?${query}` : location.pathname;
  };

  const pickAppliance = (id: ApplianceTypeId) => {
    setSelectedAppliance(id);
    setStep(2);
  };

  const applianceName = applianceTypes.find((type) => type.id === selectedAppliance)?.name;
  const homeHref = link("/");

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      {/* Named by ids of its own: Radix links the title only after it mounts, not in the HTML. */}
      <DialogContent
        aria-labelledby="schedule-title"
        aria-describedby="schedule-description"
        closeHref={homeHref}
      >
        <DialogHeader>
          <DialogTitle id="schedule-title">Schedule Service</DialogTitle>
          <DialogDescription id="schedule-description">
            {bookedWithoutScripts
              ? "Your request is on its way to the office."
              : `Step ${step} of ${totalSteps}: ${stepTitles[step]}`}
          </DialogDescription>
          <div className="mt-4">
            <ProgressBar completedSteps={bookedWithoutScripts ? totalSteps : completedSteps} />
          </div>
        </DialogHeader>
        <div className="overflow-y-auto px-6 py-6">
          {bookedWithoutScripts ? (
            <div className="grid gap-6">
              <FormStatus kind="serviceRequest" result={form.pageResult} />
              <div className="flex justify-end">
                <a href={homeHref} className={buttonVariants({ variant: "outline" })}>
                  Close
                </a>
              </div>
            </div>
          ) : (
            <h3 className="mb-4 text-lg font-bold text-slate-900">{stepTitles[step]}</h3>
          )}
          {!bookedWithoutScripts && step === 1 ? (
            <ApplianceStep
              selected={selectedAppliance}
              hrefFor={hrefWith}
              onPick={pickAppliance}
              cancelHref={homeHref}
              onCancel={onClose}
            />
          ) : null}
          {/* Kept (hidden) on step 1 once an appliance was picked, so Back keeps what was typed. */}
          {bookedWithoutScripts || !selectedAppliance ? null : (
            <form.fetcher.Form
              hidden={step === 1}
              method="post"
              noValidate
              onSubmit={form.onSubmit}
              onChange={form.onChange}
              className="relative grid gap-5"
              aria-label="Contact Information"
            >
              <FormStatus kind="serviceRequest" result={form.pageResult} />
              <input type="hidden" name="selectedAppliance" value={selectedAppliance ?? ""} />
              <p className="flex items-center gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-slate-800">
                <Check className="size-4 text-brand-700" aria-hidden="true" />
                Appliance: <strong>{applianceName}</strong>
              </p>
              <Field label="Full Name (required)" error={form.errors.name}>
                <Input {...form.field("name")} autoComplete="name" />
              </Field>
              <div className="grid gap-5 sm:grid-cols-2">
                <Field label="Email" error={form.errors.email}>
                  <Input {...form.field("email")} type="email" autoComplete="email" />
                </Field>
                <Field label="Phone" markedRequired error={form.errors.phone}>
                  <PhoneInput {...form.field("phone")} />
                </Field>
              </div>
              <div className="grid gap-5 sm:grid-cols-3">
                <Field
                  label="Address"
                  markedRequired
                  error={form.errors.address}
                  className="sm:col-span-2"
                >
                  <Input {...form.field("address")} autoComplete="address-line1" />
                </Field>
                <Field label="Zip Code" error={form.errors.zipCode}>
                  <Input
                    {...form.field("zipCode")}
                    inputMode="numeric"
                    autoComplete="postal-code"
                  />
                </Field>
              </div>
              <Field
                label="Preferred Date"
                markedRequired
                hint={`Today or later (${profile.timeZoneLabel} time).`}
                error={form.errors.preferredDate}
              >
                {(wiring) => (
                  <DateField
                    {...wiring}
                    {...form.field("preferredDate")}

                    minDate={today}
                  />
                )}
              </Field>
              <fieldset className="grid gap-2">
                <legend className="text-sm font-semibold text-slate-900">
                  Preferred Time
                  <span className="text-red-700" aria-hidden="true">
                    {" "}
                    *
                  </span>
                </legend>
                <div className="grid gap-2 sm:grid-cols-3">
                  {timeSlots.map((slot) => (
                    <label
                      key={slot.id}
                      className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 text-sm has-checked:border-brand-700 has-checked:bg-brand-50"
                    >
                      <input
                        type="radio"
                        name="preferredTime"
                        value={slot.id}
                        defaultChecked={values.preferredTime === slot.id}
                        className="size-4 accent-brand-700"
                      />
                      <span>
                        <span className="block font-semibold text-slate-900">{slot.label}</span>
                        <span className="text-slate-700">{slot.window}</span>
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
              <div className="grid gap-5 sm:grid-cols-3">
                <Field label="Brand" error={form.errors.brand}>
                  <Input {...form.field("brand")} list="schedule-brands" />
                </Field>
                <Field label="Model" error={form.errors.model}>
                  <Input {...form.field("model")} />
                </Field>
                <Field label="Serial Number" error={form.errors.serialNumber}>
                  <Input {...form.field("serialNumber")} />
                </Field>
              </div>
              <datalist id="schedule-brands">
                {brands.map((brand) => (
                  <option key={brand.slug} value={brand.name} />
                ))}
              </datalist>
              <Field label="Description of the problem" error={form.errors.description}>
                <Textarea {...form.field("description")} rows={3} />
              </Field>
              <Field label="Notes" error={form.errors.notes}>
                <Textarea
                  {...form.field("notes")}
                  rows={2}
                  placeholder="Gate code, pets, parking…"
                />
              </Field>
              <LeadFormFields companyEmail={profile.email} />
              <div className="flex flex-col-reverse justify-between gap-3 border-t border-slate-200 pt-5 sm:flex-row">
                <StepControl
                  href={hrefWith(null)}
                  onActivate={() => setStep(1)}
                  disabled={form.busy}
                  className={buttonVariants({ variant: "outline" })}
                >
                  <ArrowLeft aria-hidden="true" />
                  Back
                </StepControl>
                <Button type="submit" loading={form.busy}>
                  Submit Request
                </Button>
              </div>
            </form.fetcher.Form>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
