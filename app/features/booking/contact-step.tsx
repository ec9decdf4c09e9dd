import { ArrowLeft, Check } from "lucide-react";
import { useRef, type Dispatch } from "react";
import { flushSync } from "react-dom";
import { useLocation } from "react-router";

import { FormStatus } from "~/components/form-status";
import { LeadFormFields } from "~/components/lead-form-fields";
import { PhoneInput } from "~/components/phone-input";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { applianceTypesIn } from "~/content/appliances";
import { windowFilledMessage, type OpenWindow } from "~/domain/availability";
import { saidIn } from "~/lib/said-in";
import type { useLeadForm } from "~/lib/use-lead-form";
import { useRegion } from "~/lib/use-region";
import { useLocale } from "~/lib/use-locale";
import * as m from "~/paraglide/messages/_index.js";

import { PriceNote } from "~/features/prices/price-note";

import { DateField } from "./date-field";
import { ModelDetails } from "./model-details";
import { safetyConcerns } from "~/domain/safety";
import { SafetyNotice } from "./safety-notice";
import type { ScheduleEvent, ScheduleState } from "./schedule-state";
import { StepControl } from "./step-controls";
import { TimeChoices } from "./time-choices";
import type { Availability } from "./use-availability";

/**
 * Step 2: the contact form, posted to the /modals/schedule action (app/lib/use-lead-form.ts).
 * Kept (hidden) on step 1 once an appliance was picked, so Back keeps what was typed.
 */
export function ContactStep({
  form,
  state,
  dispatch,
  availability,
  today,
  backHref,
  serviceCall,
}: {
  form: ReturnType<typeof useLeadForm>;
  state: ScheduleState;
  dispatch: Dispatch<ScheduleEvent>;
  availability: Availability;
  /** yyyy-mm-dd in the office's time zone: the first day that can be chosen. */
  today: string;
  /** Step 1's address (without JavaScript, Back is a link to it). */
  backHref: string;
  /** The office's "Service call: $89, …" line, when it set one: read before Submit. */
  serviceCall?: string | undefined;
}) {
  const { profile } = useRegion();
  const { pathname } = useLocation();
  const locale = useLocale();
  const submitRef = useRef<HTMLButtonElement>(null);
  const appliance =
    state.selectedAppliance &&
    applianceTypesIn(locale).find((type) => type.id === state.selectedAppliance)?.name;
  // The server's "just filled up" and its alternatives stay until the visitor chooses again.
  const timeError =
    form.errors.preferredTime === saidIn(windowFilledMessage, locale) && !state.openWindows
      ? undefined
      : form.errors.preferredTime;
  // One tap on an open window books it: the form is sent again with that date and window.
  const pickOpenWindow = (window: OpenWindow) => {
    flushSync(() => dispatch({ type: "open-window-picked", window }));
    submitRef.current?.focus();
    submitRef.current?.form?.requestSubmit();
  };
  return (
    <form.fetcher.Form
      hidden={state.step === 1}
      method="post"
      noValidate
      onSubmit={form.onSubmit}
      onChange={form.onChange}
      className="relative grid gap-5"
      aria-label={m.booking_step_contact({}, { locale })}
    >
      <FormStatus kind="serviceRequest" result={form.pageResult} />
      <input type="hidden" name="selectedAppliance" value={state.selectedAppliance ?? ""} />
      <p className="flex items-center gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-slate-800">
        <Check className="size-4 text-brand-700" aria-hidden="true" />
        {m.booking_appliance_chosen({}, { locale })} <strong>{appliance}</strong>
      </p>
      <Field label={m.booking_full_name({}, { locale })} error={form.errors.name}>
        <Input {...form.field("name")} autoComplete="name" />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={m.booking_email({}, { locale })} error={form.errors.email}>
          <Input {...form.field("email")} type="email" autoComplete="email" />
        </Field>
        <Field label={m.booking_phone({}, { locale })} markedRequired error={form.errors.phone}>
          <PhoneInput {...form.field("phone")} />
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <Field
          label={m.booking_address({}, { locale })}
          markedRequired
          error={form.errors.address}
          className="sm:col-span-2"
        >
          <Input {...form.field("address")} autoComplete="address-line1" />
        </Field>
        <Field label={m.booking_zip({}, { locale })} error={form.errors.zipCode}>
          <Input {...form.field("zipCode")} inputMode="numeric" autoComplete="postal-code" />
        </Field>
      </div>
      <Field
        label={m.booking_date({}, { locale })}
        markedRequired
        hint={m.booking_date_hint(
          {
            zone:
              locale === "es"
                ? profile.timeZoneLabel === "Central"
                  ? "Centro"
                  : "Este"
                : profile.timeZoneLabel,
          },
          { locale },
        )}
        error={form.errors.preferredDate}
      >
        {(wiring) => (
          <DateField
            {...wiring}
            {...form.field("preferredDate")}
            value={state.preferredDate}
            onValueChange={(date) => dispatch({ type: "date-chosen", date })}
            minDate={today}
            isDayOffered={availability.isDayOffered}
          />
        )}
      </Field>
      <TimeChoices
        date={state.preferredDate}
        time={state.preferredTime}
        onTimeChange={(time) => dispatch({ type: "time-chosen", time })}
        availability={availability}
        error={timeError}
        openWindows={state.openWindows}
        onPickOpenWindow={pickOpenWindow}
        droppedWindow={state.droppedWindow}
      />
      <ModelDetails form={form} />
      <Field label={m.booking_description({}, { locale })} error={form.errors.description}>
        <Textarea
          {...form.field("description")}
          rows={3}
          onChange={(event) => dispatch({ type: "described", text: event.target.value })}
        />
      </Field>
      <Field label={m.booking_notes({}, { locale })} error={form.errors.notes}>
        <Textarea
          {...form.field("notes")}
          rows={2}
          placeholder={m.booking_notes_placeholder({}, { locale })}
        />
      </Field>
      <div className="grid gap-1">
        <label className="flex min-h-11 items-start gap-3 text-sm text-slate-900">
          <input
            type="checkbox"
            name="textConsent"
            value="yes"
            aria-describedby="text-consent-note"
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
          />
          <span>{m.text_consent_label({}, { locale })}</span>
        </label>
        <p id="text-consent-note" className="pl-8 text-xs text-slate-600">
          {m.text_consent_note({}, { locale })}
        </p>
        <input type="hidden" name="textConsentPage" value={pathname} />
      </div>
      <LeadFormFields companyEmail={profile.email} />
      <SafetyNotice concerns={safetyConcerns(state.description)} office={profile} />
      <PriceNote
        lines={[serviceCall]}
        className="rounded-lg bg-slate-50 px-3 py-2 text-sm font-semibold text-slate-900 ring-1 ring-slate-200"
      />
      <div className="flex flex-col-reverse justify-between gap-3 border-t border-slate-200 pt-5 sm:flex-row">
        <StepControl
          href={backHref}
          onActivate={() => dispatch({ type: "back" })}
          disabled={form.busy}
          className={buttonVariants({ variant: "outline" })}
        >
          <ArrowLeft aria-hidden="true" />
          {m.booking_back({}, { locale })}
        </StepControl>
        <Button ref={submitRef} type="submit" loading={form.busy}>
          {m.booking_submit({}, { locale })}
        </Button>
      </div>
    </form.fetcher.Form>
  );
}
