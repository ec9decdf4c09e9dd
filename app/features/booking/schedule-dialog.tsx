import { ArrowLeft, Check } from "lucide-react";
import { useRef, useState } from "react";
import { useLocation } from "react-router";

import { FormStatus, showPageNotice } from "~/components/form-status";
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
import { windowFilledMessage, type OpenWindow, type WindowState } from "~/domain/availability";
import { displayDate, isoDateIn, parseTypedDate } from "~/lib/dates";
import type { FormResult } from "~/lib/form-result";
import { useLeadForm } from "~/lib/use-lead-form";
import { useHydrated } from "~/lib/use-hydrated";
import { useRegion } from "~/lib/use-region";
import { cn } from "~/lib/utils";

import { BookedNotice, bookedNoticeId } from "./booked-notice";
import { DateField } from "./date-field";
import { safetyConcerns } from "./safety";
import { SafetyNotice } from "./safety-notice";
import { timeSlots, type TimeSlotId } from "~/domain/time-slots";
import { useAvailability, type Availability } from "./use-availability";

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

/** What a window's state adds to its label: the words say it, not only the colour. */
const windowStateLabels: Record<Exclude<WindowState, "open">, string> = {
  full: "Full",
  past: "Not available",
  closed: "Closed",
};

type TimeChoice = TimeSlotId | "";

function timeChoiceOf(value: string | undefined): TimeChoice {
  return timeSlots.find((slot) => slot.id === value)?.id ?? "";
}

/**
 * Step 2's Preferred Time: the three windows of the chosen date, each marked with what the
 * office has left (unknown: offered). A window that filled up while the visitor typed comes
 * back from the server with its message and the next open windows, offered as buttons that
 * set the date and the time (a plain list before and without JavaScript).
 */
function TimeChoices({
  date,
  time,
  onTimeChange,
  availability,
  error,
  openWindows,
  onPickOpenWindow,
  droppedWindow,
}: {
  date: string;
  time: TimeChoice;
  onTimeChange: (time: TimeSlotId) => void;
  availability: Availability;
  error: string | undefined;
  openWindows: OpenWindow[] | undefined;
  onPickOpenWindow: (window: OpenWindow) => void;
  /** The window the visitor had chosen and that is no longer open (unchecked). */
  droppedWindow: TimeSlotId | undefined;
}) {
  const hydrated = useHydrated();
  const errorId = "preferred-time-error";
  const closedDay = date !== "" && availability.day(date)?.closed === true;
  const droppedLabel = timeSlots.find((slot) => slot.id === droppedWindow)?.label;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-semibold text-slate-900">
        Preferred Time
        <span className="text-red-700" aria-hidden="true">
          {" "}
          *
        </span>
      </legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {timeSlots.map((slot) => {
          const state = date === "" ? undefined : availability.windowState(date, slot.id);
          const unavailable = state !== undefined && state !== "open";
          return (
            <label
              key={slot.id}
              data-state={state}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 text-sm has-checked:border-brand-700 has-checked:bg-brand-50 has-disabled:cursor-not-allowed has-disabled:border-dashed has-disabled:bg-slate-50"
            >
              <input
                type="radio"
                name="preferredTime"
                value={slot.id}
                checked={time === slot.id}
                onChange={() => onTimeChange(slot.id)}
                disabled={unavailable}
                className="size-4 accent-brand-700"
              />
              <span>
                <span className="block font-semibold text-slate-900">{slot.label}</span>
                <span className="text-slate-700">{slot.window}</span>
                {unavailable ? (
                  <span className="mt-1 block font-semibold text-red-800">
                    {windowStateLabels[state]}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
      <div aria-live="polite" className="text-sm text-slate-700">
        {closedDay ? (
          <p>The office takes no visits on {displayDate(date)}: please choose another day.</p>
        ) : droppedLabel && !error ? (
          <p>
            The {droppedLabel.toLowerCase()} window is no longer open on {displayDate(date)}: please
            choose another time.
          </p>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700" role="alert">
          {error}
        </p>
      ) : null}
      {openWindows?.length === 0 ? (
        <p className="text-sm text-slate-800">
          No other window is open online in the coming weeks: please call the office.
        </p>
      ) : null}
      {openWindows && openWindows.length > 0 ? (
        <div className="grid gap-2">
          <p id="open-windows-title" className="text-sm text-slate-800">
            {hydrated
              ? "These windows are still open:"
              : "These windows are still open (enter the date and choose the time above):"}
          </p>
          <ul aria-labelledby="open-windows-title" className="flex flex-wrap gap-2">
            {openWindows.map((window) => (
              <li key={`${window.date}/${window.window}`}>
                {hydrated ? (
                  <Button variant="outline" size="sm" onClick={() => onPickOpenWindow(window)}>
                    {window.label}
                  </Button>
                ) : (
                  <span className="inline-block rounded-md border border-slate-300 px-3 py-1.5 text-sm">
                    {window.label}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </fieldset>
  );
}

/** The windows offered when the chosen one filled up: none when the answer is another. */
function openWindowsAfter(result: FormResult | undefined): OpenWindow[] | undefined {
  return result?.status === "invalid" && result.errors.preferredTime === windowFilledMessage
    ? (result.openWindows ?? [])
    : undefined;
}

/**
 * The two-step schedule dialog of spec section 4. Step 2 posts to the /modals/schedule action
 * (one pattern for every form, app/lib/use-lead-form.ts); the progress bar follows the step
 * and the fetcher: 0 % on step 1, half on step 2, full while the request is on its way. Once
 * stored, the dialog closes with the spec's toast and leaves what was booked and the private link
 * on the page behind (`BookedNotice`, docs/decisions/0009-booking-closes-on-success.md). Without
 * JavaScript the action's page is that page: the dialog is not drawn, `ScheduleResult` is.
 */
export function ScheduleDialog({ onClose }: { onClose: () => void }) {
  const { profile, link } = useRegion();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const [booked, setBooked] = useState(false);
  // Each answer asks availability again: the places may have changed meanwhile.
  const [answers, setAnswers] = useState(0);
  const form = useLeadForm({
    kind: "serviceRequest",
    loadSchema: async () => (await import("~/domain/service-request")).serviceRequestSchema,
    onResult: (result) => {
      setAnswers((count) => count + 1);
      if (result.status === "success") {
        setBooked(true);
        showPageNotice(
          <BookedNotice
            result={result}
            office={profile}
            dismissControl={
              <Button
                variant="outline"
                onClick={() => {
                  showPageNotice(null);
                  document.getElementById("main")?.focus();
                }}
              >
                Dismiss
              </Button>
            }
          />,
        );
        onClose();
      }
      setOpenWindows(openWindowsAfter(result));
    },
  });
  const values = form.defaultValues;
  const [selectedAppliance, setSelectedAppliance] = useState(
    () => applianceIdOf(values.selectedAppliance) ?? applianceIdOf(search.get(applianceParam)),
  );
  const [step, setStep] = useState<1 | 2>(selectedAppliance ? 2 : 1);
  const [today] = useState(() => isoDateIn(new Date(), profile.timeZone));
  // Date, time and description are the form's, held here: availability and safety read them.
  const [preferredDate, setPreferredDate] = useState(() => {
    const given = values.preferredDate ?? "";
    return parseTypedDate(given) ?? given;
  });
  const [preferredTime, setPreferredTime] = useState(() => timeChoiceOf(values.preferredTime));
  const [droppedWindow, setDroppedWindow] = useState<TimeSlotId | undefined>(undefined);
  // The windows offered instead of one that filled up (a 409), with or without JavaScript.
  const [openWindows, setOpenWindows] = useState(() => openWindowsAfter(form.pageResult));
  const [description, setDescription] = useState(values.description ?? "");
  const submitRef = useRef<HTMLButtonElement>(null);
  const sending = form.fetcher.state !== "idle";
  const completedSteps = booked ? totalSteps : step === 1 ? 0 : sending ? 2 : 1;

  const availability = useAvailability({
    office: profile.stateSlug,
    today,
    chosenDate: preferredDate,
    refresh: answers,
    enabled: step === 2 && Boolean(selectedAppliance) && !booked,
  });

  // A chosen window that is no longer open is unchecked (adjusting state while rendering).
  const chosenState =
    preferredTime && preferredDate
      ? availability.windowState(preferredDate, preferredTime)
      : undefined;
  if (preferredTime && chosenState !== undefined && chosenState !== "open") {
    setPreferredTime("");
    setDroppedWindow(preferredTime);
  }

  // The server's "just filled up" and its alternatives stay until the visitor chooses again.
  const timeError =
    form.errors.preferredTime === windowFilledMessage && !openWindows
      ? undefined
      : form.errors.preferredTime;

  const chooseDate = (isoDate: string) => {
    setPreferredDate(isoDate);
    setDroppedWindow(undefined);
  };
  const chooseTime = (time: TimeSlotId) => {
    setPreferredTime(time);
    setDroppedWindow(undefined);
    setOpenWindows(undefined);
  };
  const pickOpenWindow = (window: OpenWindow) => {
    chooseDate(window.date);
    chooseTime(window.window);
    submitRef.current?.focus();
  };

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

  // Booked without JavaScript: the page the POST rendered shows the result, not the dialog.
  if (form.pageResult?.status === "success") return null;

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      {/* Named by ids of its own: Radix links the title only after it mounts, not in the HTML. */}
      <DialogContent
        aria-labelledby="schedule-title"
        aria-describedby="schedule-description"
        closeHref={homeHref}
        onCloseAutoFocus={(event) => {
          // Closed by a success: the focus goes to what it left on the page.
          if (!booked) return;
          event.preventDefault();
          document.getElementById(bookedNoticeId)?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle id="schedule-title">Schedule Service</DialogTitle>
          <DialogDescription id="schedule-description">
            Step {step} of {totalSteps}: {stepTitles[step]}
          </DialogDescription>
          <div className="mt-4">
            <ProgressBar completedSteps={completedSteps} />
          </div>
        </DialogHeader>
        <div className="overflow-y-auto px-6 py-6">
          <h3 className="mb-4 text-lg font-bold text-slate-900">{stepTitles[step]}</h3>
          {step === 1 ? (
            <ApplianceStep
              selected={selectedAppliance}
              hrefFor={hrefWith}
              onPick={pickAppliance}
              cancelHref={homeHref}
              onCancel={onClose}
            />
          ) : null}
          {/* Kept (hidden) on step 1 once an appliance was picked, so Back keeps what was typed. */}
          {selectedAppliance ? (
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
                    value={preferredDate}
                    onValueChange={chooseDate}
                    minDate={today}
                    isDayOffered={availability.isDayOffered}
                  />
                )}
              </Field>
              <TimeChoices
                date={preferredDate}
                time={preferredTime}
                onTimeChange={chooseTime}
                availability={availability}
                error={timeError}
                openWindows={openWindows}
                onPickOpenWindow={pickOpenWindow}
                droppedWindow={droppedWindow}
              />
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
                <Textarea
                  {...form.field("description")}
                  rows={3}
                  onChange={(event) => setDescription(event.target.value)}
                />
              </Field>
              <Field label="Notes" error={form.errors.notes}>
                <Textarea
                  {...form.field("notes")}
                  rows={2}
                  placeholder="Gate code, pets, parking…"
                />
              </Field>
              <LeadFormFields companyEmail={profile.email} />
              <SafetyNotice concerns={safetyConcerns(description)} office={profile} />
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
                <Button ref={submitRef} type="submit" loading={form.busy}>
                  Submit Request
                </Button>
              </div>
            </form.fetcher.Form>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
