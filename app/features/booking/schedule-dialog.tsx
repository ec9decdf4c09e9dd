import { useEffect, useLayoutEffect, useReducer, useRef, useState } from "react";
import { useLocation } from "react-router";

import { showPageNotice } from "~/components/form-status";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { applianceTypeIds, type ApplianceTypeId } from "~/content/appliances";
import { isoDateIn } from "~/lib/dates";
import { useLeadForm } from "~/lib/use-lead-form";
import type { Locale } from "~/lib/locale";
import { useLocale } from "~/lib/use-locale";
import { useRegion } from "~/lib/use-region";
import * as m from "~/paraglide/messages/_index.js";

import { ApplianceStep } from "./appliance-step";
import { BookedNotice, bookedNoticeId } from "./booked-notice";
import { ContactStep } from "./contact-step";
import { DiscardQuestion } from "./discard-question";
import { clearDraft, draftOf, fillForm, hasTyped, readDraft, saveDraft } from "./schedule-draft";
import {
  completedSteps,
  initialScheduleState,
  scheduleReducer,
  stepTitles,
  totalSteps,
} from "./schedule-state";
import { ProgressBar } from "./step-controls";
import { useAvailability } from "./use-availability";

/** The query parameter step 1's links carry: an appliance id, never something typed. */
export const applianceParam = "appliance";

function applianceIdOf(value: string | null | undefined): ApplianceTypeId | undefined {
  return applianceTypeIds.find((id) => id === value);
}

/**
 * The two-step schedule dialog of spec section 4. Step 2 posts to the /modals/schedule action
 * (one pattern for every form, app/lib/use-lead-form.ts); the progress bar follows the step
 * and the fetcher: 0 % on step 1, half on step 2, full while the request is on its way. Once
 * stored, the dialog closes with the spec's toast and leaves what was booked and the private link
 * on the page behind (`BookedNotice`, docs/decisions/0009-booking-closes-on-success.md). Without
 * JavaScript the action's page is that page: the dialog is not drawn, `ScheduleResult` is.
 * Its state is one reducer (schedule-state.ts); each step is a component of its own.
 */
/** "Select Appliances" (the spec's words) or "Contact Information", in the page's language. */
function stepTitle(step: 1 | 2, locale: Locale): string {
  if (locale === "en") return stepTitles[step];
  return step === 1
    ? m.booking_step_appliance({}, { locale })
    : m.booking_step_contact({}, { locale });
}

export function ScheduleDialog({
  onClose,
  serviceCalls,
}: {
  onClose: () => void;
  /** Each office's service-call line, for those that set one: step 2 shows the office's. */
  serviceCalls?: Partial<Record<string, string>>;
}) {
  const { profile, link } = useRegion();
  const location = useLocation();
  const locale = useLocale();
  const form = useLeadForm({
    kind: "serviceRequest",
    loadSchema: async () => (await import("~/domain/service-request")).serviceRequestSchema,
    onResult: (result) => {
      dispatch({ type: "answered", result });
      if (result.status !== "success") return;
      clearDraft();
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
              {m.booking_dismiss({}, { locale })}
            </Button>
          }
        />,
      );
      onClose();
    },
  });
  const [state, dispatch] = useReducer(scheduleReducer, null, () =>
    initialScheduleState({
      values: form.defaultValues,
      pageResult: form.pageResult,
      appliance:
        applianceIdOf(form.defaultValues.selectedAppliance) ??
        applianceIdOf(new URLSearchParams(location.search).get(applianceParam)),
    }),
  );
  const [today] = useState(() => isoDateIn(new Date(), profile.timeZone));
  const stepTwo = useRef<HTMLDivElement>(null);
  const formOf = () => stepTwo.current?.querySelector("form") ?? null;
  // The draft of an earlier opening in this tab comes back once (not over a POST's own values).
  const draftRestored = useRef(false);
  useLayoutEffect(() => {
    if (draftRestored.current) return;
    const draft = form.pageResult ? null : readDraft();
    if (!draft) {
      draftRestored.current = true;
      return;
    }
    if (!state.selectedAppliance) {
      if (draft.appliance) dispatch({ type: "appliance-picked", appliance: draft.appliance });
      else draftRestored.current = true;
      return;
    }
    const element = formOf();
    if (!element) return;
    draftRestored.current = true;
    fillForm(element, draft);
    dispatch({ type: "draft-restored", fields: draft.fields });
  }, [state.selectedAppliance, form.pageResult]);
  const keepDraft = () => {
    const element = formOf();
    if (draftRestored.current && element && !state.booked) saveDraft(draftOf(element));
  };
  // The date and window are the dialog's state: kept once they are in the form's fields.
  useEffect(keepDraft, [state.preferredDate, state.preferredTime, state.booked]);
  // Closing by the backdrop or Escape asks first when anything was typed; the close button
  // closes (the draft stays for the next opening).
  const [askingToDiscard, setAskingToDiscard] = useState(false);
  // The field last focused in the form, to come back to (focus is elsewhere by the time the
  // dialog hears of a tap outside).
  const focusBeforeAsking = useRef<HTMLElement | null>(null);
  const keepTyping = () => {
    setAskingToDiscard(false);
    // Back where the visitor was typing, once the form is no longer inert.
    const typing = focusBeforeAsking.current;
    setTimeout(() => typing?.focus());
  };
  const closeAsking = (event: Event) => {
    event.preventDefault();
    keepTyping();
  };
  const askFirst = (event: Event) => {
    if (askingToDiscard) return closeAsking(event);
    const element = formOf();
    if (state.step !== 2 || state.booked || !element || !hasTyped(draftOf(element))) return;
    event.preventDefault();
    setAskingToDiscard(true);
  };
  const availability = useAvailability({
    office: profile.stateSlug,
    today,
    chosenDate: state.preferredDate,
    refresh: state.answers,
    enabled: state.step === 2 && Boolean(state.selectedAppliance) && !state.booked,
  });

  // A chosen window that is no longer open is unchecked (adjusting state while rendering).
  const chosenState =
    state.preferredTime && state.preferredDate
      ? availability.windowState(state.preferredDate, state.preferredTime)
      : undefined;
  if (chosenState !== undefined && chosenState !== "open") dispatch({ type: "window-closed" });

  // Without JavaScript the steps are addresses: step 2 names its appliance, step 1 none.
  const hrefWith = (appliance: ApplianceTypeId | null) => {
    const next = new URLSearchParams(location.search);
    if (appliance) next.set(applianceParam, appliance);
    else next.delete(applianceParam);
    const query = next.toString();
    return query ? `${location.pathname}?${query}` : location.pathname;
  };
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
        onEscapeKeyDown={(event) => {
          // Escape in the open calendar closes only the calendar (date-field.tsx).
          if (event.target instanceof Element && event.target.closest("[data-calendar]")) {
            event.preventDefault();
            return;
          }
          askFirst(event);
        }}
        onPointerDownOutside={askFirst}
        onCloseAutoFocus={(event) => {
          // Closed by a success: the focus goes to what it left on the page.
          if (!state.booked) return;
          event.preventDefault();
          document.getElementById(bookedNoticeId)?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle id="schedule-title">{m.booking_title({}, { locale })}</DialogTitle>
          <DialogDescription id="schedule-description">
            {m.booking_step_of(
              { step: state.step, total: totalSteps, title: stepTitle(state.step, locale) },
              { locale },
            )}
          </DialogDescription>
          <div className="mt-4">
            <ProgressBar completedSteps={completedSteps(state, form.fetcher.state !== "idle")} />
          </div>
        </DialogHeader>
        {askingToDiscard ? (
          <DiscardQuestion
            onKeep={keepTyping}
            onDiscard={() => {
              clearDraft();
              onClose();
            }}
          />
        ) : null}
        <div
          ref={stepTwo}
          className="overflow-y-auto px-6 py-6"
          inert={askingToDiscard}
          onChange={keepDraft}
          onFocus={(event) => {
            focusBeforeAsking.current = event.target;
          }}
        >
          <h3 className="mb-4 text-lg font-bold text-slate-900">{stepTitle(state.step, locale)}</h3>
          {state.step === 1 ? (
            <ApplianceStep
              selected={state.selectedAppliance}
              hrefFor={hrefWith}
              onPick={(appliance) => dispatch({ type: "appliance-picked", appliance })}
              cancelHref={homeHref}
              onCancel={onClose}
            />
          ) : null}
          {state.selectedAppliance ? (
            <ContactStep
              form={form}
              state={state}
              dispatch={dispatch}
              availability={availability}
              today={today}
              backHref={hrefWith(null)}
              serviceCall={serviceCalls?.[profile.stateSlug]}
            />
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
