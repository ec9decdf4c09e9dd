import { Phone } from "lucide-react";
import { Link, useActionData } from "react-router";

import { FormStatus } from "~/components/form-status";
import { buttonVariants } from "~/components/ui/button";

import { applianceTypeIds, applianceTypesIn } from "~/content/appliances";
import { formatPhone, type CompanyProfile } from "~/content/company";
import { displayDate, parseTypedDate } from "~/lib/dates";
import type { LeadFormResult } from "~/lib/form-result";
import type { Locale } from "~/lib/locale";
import { useRegion } from "~/lib/use-region";
import { cn } from "~/lib/utils";

import { timeSlots } from "~/domain/time-slots";

import { confirmationSentTo } from "./confirmation-sent";
import { slotWords } from "./slot-words";
import { useLocale } from "~/lib/use-locale";
import * as m from "~/paraglide/messages/_index.js";

export type BookedResult = Extract<LeadFormResult, { status: "success" }>;

/** The id a dialog that closed on success focuses (docs/decisions/0009). */
export const bookedNoticeId = "booked-notice";

/** A request page address from the server's answer, as a same-site path (else nothing). */
function requestPageHref(requestUrl: string | undefined): string | undefined {
  if (!requestUrl) return undefined;
  try {
    const url = new URL(requestUrl, "http://localhost");
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return undefined;
  }
}

/** What the visitor asked for, in their own choices (appliance, day, window); never the server's. */
function askedFor(
  values: Record<string, string>,
  locale: Locale,
): { term: string; detail: string }[] {
  const applianceId = applianceTypeIds.find((id) => id === values.selectedAppliance);
  const appliance =
    applianceId && applianceTypesIn(locale).find((type) => type.id === applianceId)?.name;
  const typedDate = values.preferredDate ?? "";
  const date = displayDate(parseTypedDate(typedDate) ?? typedDate, locale);
  const slot = timeSlots.find((candidate) => candidate.id === values.preferredTime);
  const words = slot && slotWords(slot.id, locale);
  return [
    ...(appliance ? [{ term: m.booked_appliance({}, { locale }), detail: appliance }] : []),
    ...(date ? [{ term: m.booked_date({}, { locale }), detail: date }] : []),
    ...(words
      ? [{ term: m.booked_time({}, { locale }), detail: `${words.label}, ${words.window}` }]
      : []),
  ];
}

/**
 * After a service request went through: what was asked for, what happens next (or the server's
 * message: a repeat, no place held), where the confirmation went (the email typed; the text by
 * the number's last four digits), the homeowner's private page (follow, change or cancel the
 * visit) and the office's phone. With JavaScript it is left on the page behind the dialog, which
 * closes; without, the page the dialog's POST renders shows it. A repeat's answer carries no link
 * and says nothing of a confirmation (the first request's emails go where that one asked).
 */
export function BookedNotice({
  result,
  office,
  dismissControl,
}: {
  result: BookedResult;
  office: Pick<CompanyProfile, "phone" | "phoneForCall">;
  /** A Dismiss button (with JavaScript) or a link away (without). */
  dismissControl: React.ReactNode;
}) {
  const locale = useLocale();
  const requestHref = requestPageHref(result.requestUrl);
  const asked = result.duplicate ? [] : askedFor(result.values, locale);
  const reference = result.duplicate ? undefined : result.reference;
  return (
    <section
      id={bookedNoticeId}
      tabIndex={-1}
      aria-labelledby="booked-title"
      className="grid gap-4 rounded-xl border border-green-700 bg-green-50 p-5 text-sm text-slate-800 outline-none focus-visible:ring-3 focus-visible:ring-brand-400/60"
    >
      <div className="grid gap-1">
        <h2 id="booked-title" className="text-lg font-bold text-slate-900">
          {result.duplicate
            ? m.booked_have_it({}, { locale })
            : m.booked_on_its_way({}, { locale })}
        </h2>
        <p>{result.message ?? m.booked_office_will_confirm({}, { locale })}</p>
        {reference ? (
          <p className="wrap-anywhere">{confirmationSentTo(result.values, locale)}</p>
        ) : null}
      </div>
      {reference ? (
        <p>
          {m.booked_reference({}, { locale })}{" "}
          <strong className="font-mono text-base tracking-wide text-slate-900">{reference}</strong>
          <span className="block text-slate-700">{m.booked_reference_hint({}, { locale })}</span>
        </p>
      ) : null}
      {asked.length > 0 ? (
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
          {asked.map(({ term, detail }) => (
            <div key={term} className="contents">
              <dt className="font-semibold text-slate-900">{term}</dt>
              <dd>{detail}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {requestHref ? (
        <div className="grid justify-items-start gap-2">
          <a
            href={requestHref}
            className={cn(
              buttonVariants(),
              "h-auto! min-h-10 max-w-full text-center whitespace-normal!",
            )}
          >
            {m.booked_see_page({}, { locale })}
          </a>
          <p className="text-slate-700">{m.booked_keep_link({}, { locale })}</p>
        </div>
      ) : null}
      <p>
        {m.booked_questions({}, { locale })}{" "}
        <a
          href={`tel:${office.phoneForCall}`}
          className="inline-flex items-center gap-1 font-semibold text-brand-800 underline underline-offset-2"
        >
          <Phone className="size-4" aria-hidden="true" />
          {formatPhone(office.phone)}
        </a>
      </p>
      <div className="flex justify-end">{dismissControl}</div>
    </section>
  );
}

/**
 * The page a booking posted without JavaScript renders (the dialog's route): the spec's success
 * words where the toast would be, then the notice, above the page. Dismiss leaves for home.
 */
export function ScheduleResult() {
  const result = useActionData<LeadFormResult | undefined>();
  const { profile, link } = useRegion();
  const locale = useLocale();
  if (result?.form !== "serviceRequest" || result.status !== "success") return null;
  return (
    <div className="mx-auto grid max-w-7xl gap-4 px-4 pt-6 sm:px-6 lg:px-8">
      <FormStatus kind="serviceRequest" result={result} />
      <BookedNotice
        result={result}
        office={profile}
        dismissControl={
          <Link to={link("/")} className={buttonVariants({ variant: "outline" })}>
            {m.booking_dismiss({}, { locale })}
          </Link>
        }
      />
    </div>
  );
}
