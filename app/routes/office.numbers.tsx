import { data, Form, Link, useNavigation } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { ResultNotice } from "~/components/ui/notice";
import { DeskHeader } from "~/features/desk/desk-header";
import { signedInOf } from "~/features/desk/desk-route.server";
import { deskMeta } from "~/features/desk/headers";
import { formatMoney } from "~/domain/money";
import { requestSourceLabels } from "~/domain/phone-booking";
import {
  moneyDefinitions,
  percentOf,
  sourceDefinitions,
  spendSources,
  speedDefinitions,
  technicianDefinitions,
  type NumbersTable,
  type NumbersView,
} from "~/domain/numbers";
import { postedForm } from "~/lib/bounded-body.server";
import { fieldErrorsIn, type FormResult } from "~/lib/form-result";
import { servicesOf } from "~/services.server";

import { numbersChoiceOf, ownerNumbers } from "../../server/numbers/numbers.server";
import { saveSpend } from "../../server/numbers/spend.server";

import type { Route } from "./+types/office.numbers";

export function meta() {
  return deskMeta("Numbers");
}

/** Owners only (the layout); a range or office that cannot be counted is a 400 with why. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff } = signedInOf(context);
  const { db, visits, config } = servicesOf(context).desk;
  const params = new URL(request.url).searchParams;
  const choice = numbersChoiceOf(params, staff, visits.now());
  const header = { staff: { name: staff.name, role: staff.role } };
  if (!choice.ok) {
    return data(
      {
        ...header,
        refused: choice.message,
        asked: {
          from: params.get("from") ?? "",
          to: params.get("to") ?? "",
          office: params.get("office") ?? "",
        },
        numbers: null,
      },
      { status: 400 },
    );
  }
  return {
    ...header,
    refused: null,
    asked: null,
    numbers: await ownerNumbers(db, staff, choice, visits.now(), config.SITE_URL),
  };
}

export type SpendAnswer = FormResult<"spend">;

/** The month's spend on a source: saved (or removed), or what is wrong with each field. */
export async function action({ request, context }: Route.ActionArgs) {
  const { staff } = signedInOf(context);
  const { db } = servicesOf(context).desk;
  const fields = (await postedForm(request)).fields();
  if (fields.intent !== "spend") {
    return data<SpendAnswer>(
      { form: "spend", status: "invalid", message: "Unknown action" },
      { status: 400 },
    );
  }
  const saved = await saveSpend(db, staff, fields);
  if (!saved.ok) {
    return data<SpendAnswer>(
      {
        form: "spend",
        status: "invalid",
        message: "Nothing was saved: check the fields marked below.",
        fieldErrors: saved.fieldErrors,
        values: fields,
      },
      { status: 400 },
    );
  }
  return data<SpendAnswer>({ form: "spend", status: "success", message: saved.message });
}

const money = (cents: number | null) =>
  cents === null ? "–" : formatMoney(cents, { cents: "always" });

export default function Numbers({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, refused, asked, numbers } = loaderData;
  const shown = numbers
    ? { from: numbers.range.from, to: numbers.range.to, office: numbers.office ?? "" }
    : asked!;
  const query = new URLSearchParams(shown).toString();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <DeskHeader title="Numbers" staff={staff} />

      <Form method="get" className="mt-6 grid gap-4 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
        <Field label="First day">
          {(wiring) => <Input {...wiring} type="date" name="from" defaultValue={shown.from} />}
        </Field>
        <Field label="Last day">
          {(wiring) => <Input {...wiring} type="date" name="to" defaultValue={shown.to} />}
        </Field>
        <Field label="Office">
          {(wiring) => (
            <Select {...wiring} name="office" defaultValue={shown.office}>
              <option value="">All offices</option>
              {(numbers?.offices ?? []).map((office) => (
                <option key={office.slug} value={office.slug}>
                  {office.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="submit">Count</Button>
      </Form>

      {refused ? (
        <p role="alert" className="mt-6 rounded-md bg-red-50 p-4 font-semibold text-red-900">
          {refused}
        </p>
      ) : null}

      {numbers ? <SourceNumbers numbers={numbers} query={query} answer={actionData} /> : null}
      {numbers ? <TechnicianNumbers numbers={numbers} query={query} /> : null}
      {numbers ? <MoneyNumbers numbers={numbers} query={query} /> : null}
      {numbers ? <SpeedNumbers numbers={numbers} query={query} /> : null}
      {numbers ? <ProfileLinks numbers={numbers} query={query} /> : null}
    </div>
  );
}

function Headline({ label, value, before }: { label: string; value: string; before: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-4">
      <dt className="text-sm font-semibold text-slate-700">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-950">{value}</dd>
      <dd className="text-sm text-slate-700">{before}</dd>
    </div>
  );
}

function SourceNumbers({
  numbers,
  query,
  answer,
}: {
  numbers: NumbersView;
  query: string;
  answer: SpendAnswer | undefined;
}) {
  const { current, previous } = numbers.totals;
  const before = `${numbers.previous.from} to ${numbers.previous.to}`;
  return (
    <>
      <section aria-labelledby="headline-heading" className="mt-8">
        <h2 id="headline-heading" className="text-lg font-bold text-slate-900">
          {numbers.range.from} to {numbers.range.to}
        </h2>
        <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Headline
            label="Leads"
            value={String(current.leads)}
            before={`${previous.leads} from ${before}`}
          />
          <Headline
            label="Paid"
            value={String(current.paid)}
            before={`${previous.paid} from ${before}`}
          />
          <Headline
            label="Paid revenue"
            value={money(current.revenueCents)}
            before={`${money(previous.revenueCents)} from ${before}`}
          />
          <Headline
            label="Unknown source"
            value={percentOf(current.unknown, current.leads)}
            before={`${percentOf(previous.unknown, previous.leads)} from ${before}`}
          />
        </dl>
      </section>

      <section aria-labelledby="sources-heading" className="mt-8">
        <TableHeading id="sources-heading" title="Sources" table="sources" query={query} />
        {numbers.sources.length === 0 ? (
          <p className="mt-3 text-slate-700">No leads in this range.</p>
        ) : (
          <ScrollTable
            label="Sources by source, scrolls sideways"
            className="min-w-[920px]"
            headings={[
              "Source",
              "Leads",
              "Booked",
              "Completed",
              "Paid",
              "Paid revenue",
              "Average ticket",
              "Cancel rate",
              "Spend",
              "Cost per paid job",
            ]}
          >
            <tbody>
              {numbers.sources.map((row) => (
                <tr key={row.source} className="border-t border-slate-200">
                  <th scope="row" className="px-3 py-2 font-semibold text-slate-900">
                    <bdi>{row.source}</bdi>
                  </th>
                  <td className="px-3 py-2">{row.leads}</td>
                  <td className="px-3 py-2">{row.booked}</td>
                  <td className="px-3 py-2">{row.completed}</td>
                  <td className="px-3 py-2">{row.paid}</td>
                  <td className="px-3 py-2">{money(row.revenueCents)}</td>
                  <td className="px-3 py-2">{money(row.averageTicketCents)}</td>
                  <td className="px-3 py-2">{percentOf(row.cancelled, row.leads)}</td>
                  <td className="px-3 py-2">{money(row.spendCents)}</td>
                  <td className="px-3 py-2">{money(row.costPerPaidJobCents)}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
        <Definitions definitions={sourceDefinitions} />
        <SpendForm numbers={numbers} query={query} answer={answer} />
      </section>
    </>
  );
}

function MoneyNumbers({ numbers, query }: { numbers: NumbersView; query: string }) {
  const view = numbers.money;
  return (
    <section aria-labelledby="money-heading" className="mt-10">
      <TableHeading id="money-heading" title="Money" table="money" query={query} />
      {view.byMethod.length === 0 ? (
        <p className="mt-3 text-slate-700">No payments in this range.</p>
      ) : (
        <ScrollTable
          label="Paid by method, scrolls sideways"
          className="min-w-[520px]"
          headings={["Method", "Payments", "Received", "Refunded", "Net"]}
        >
          <tbody>
            {view.byMethod.map((row) => (
              <tr key={row.method} className="border-t border-slate-200">
                <th scope="row" className="px-3 py-2 font-semibold text-slate-900">
                  {row.method}
                </th>
                <td className="px-3 py-2">{row.payments}</td>
                <td className="px-3 py-2">{money(row.receivedCents)}</td>
                <td className="px-3 py-2">{money(row.refundedCents)}</td>
                <td className="px-3 py-2">{money(row.receivedCents - row.refundedCents)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      <dl className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {view.openBalances.map((bucket) => (
          <div key={bucket.label} className="rounded-lg border border-slate-200 p-4">
            <dt className="text-sm font-semibold text-slate-700">Open balances, {bucket.label}</dt>
            <dd className="mt-1 text-xl font-bold text-slate-950">{money(bucket.cents)}</dd>
            <dd className="text-sm text-slate-700">
              {bucket.requests} {bucket.requests === 1 ? "request" : "requests"}
            </dd>
          </div>
        ))}
        <div className="rounded-lg border border-slate-200 p-4">
          <dt className="text-sm font-semibold text-slate-700">Deposits held</dt>
          <dd className="mt-1 text-xl font-bold text-slate-950">
            {money(view.depositsHeld.cents)}
          </dd>
          <dd className="text-sm text-slate-700">
            {view.depositsHeld.requests} {view.depositsHeld.requests === 1 ? "request" : "requests"}
          </dd>
        </div>
      </dl>
      <Definitions definitions={moneyDefinitions} />
    </section>
  );
}

/**
 * What the owner spent on a source in a month, typed here; and what is typed for the months the
 * range touches. A real POST, back to this page with the same range.
 */
function SpendForm({
  numbers,
  query,
  answer,
}: {
  numbers: NumbersView;
  query: string;
  answer: SpendAnswer | undefined;
}) {
  const errors = fieldErrorsIn(answer);
  const typed = answer?.status === "invalid" ? answer.values : undefined;
  const busy = useNavigation().state !== "idle";
  const offices = numbers.offices;
  return (
    <div className="mt-6 rounded-xl bg-slate-50 p-4">
      <h3 className="font-bold text-slate-900">Spend</h3>
      {numbers.spend.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">
          No spend typed for {numbers.range.from.slice(0, 7)}
          {numbers.range.to.slice(0, 7) === numbers.range.from.slice(0, 7)
            ? ""
            : ` to ${numbers.range.to.slice(0, 7)}`}
          .
        </p>
      ) : (
        <ul className="mt-2 grid gap-1 text-sm text-slate-800">
          {numbers.spend.map((entry) => (
            <li key={`${entry.month}-${entry.office}-${entry.source}`}>
              {entry.month}, {entry.office}: {entry.sourceLabel}{" "}
              {formatMoney(entry.cents, { cents: "always" })}
            </li>
          ))}
        </ul>
      )}
      <ResultNotice result={answer} className="mt-3" />
      <Form
        method="post"
        action={`/office/numbers?${query}`}
        className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1fr_auto] lg:items-end"
      >
        <input type="hidden" name="intent" value="spend" />
        <Field label="Month" error={errors.month} hint="Like 2031-03">
          {(wiring) => (
            <Input
              {...wiring}
              type="month"
              name="month"
              defaultValue={typed?.month ?? numbers.range.to.slice(0, 7)}
            />
          )}
        </Field>
        <Field label="Office" error={errors.office}>
          {(wiring) => (
            <Select
              {...wiring}
              name="office"
              defaultValue={typed?.office ?? numbers.office ?? offices[0]?.slug}
            >
              {offices.map((office) => (
                <option key={office.slug} value={office.slug}>
                  {office.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Source" error={errors.source}>
          {(wiring) => (
            <Select {...wiring} name="source" defaultValue={typed?.source ?? "google-ads"}>
              {spendSources.map((source) => (
                <option key={source} value={source}>
                  {requestSourceLabels[source]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Spent ($)" error={errors.amount} hint="0 removes it">
          {(wiring) => (
            <Input
              {...wiring}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={typed?.amount ?? ""}
            />
          )}
        </Field>
        <Button type="submit" disabled={busy}>
          Save the spend
        </Button>
      </Form>
    </div>
  );
}

/** "75% (3 of 4)"; "–" of none. */
function shareOf(part: number, whole: number): string {
  return whole === 0 ? "–" : `${percentOf(part, whole)} (${part} of ${whole})`;
}

function TechnicianNumbers({ numbers, query }: { numbers: NumbersView; query: string }) {
  return (
    <section aria-labelledby="technicians-heading" className="mt-10">
      <TableHeading
        id="technicians-heading"
        title="Technicians"
        table="technicians"
        query={query}
      />
      {numbers.technicians.length === 0 ? (
        <p className="mt-3 text-slate-700">No visits done or jobs paid in this range.</p>
      ) : (
        <ScrollTable
          label="Technicians, scrolls sideways"
          className="min-w-[1040px]"
          headings={[
            "Technician",
            "Completed visits",
            "Paid revenue",
            "Average ticket",
            "Estimate approval",
            "First-visit fix",
            "Callback rate",
            "Reviews",
            "Done to paid",
          ]}
        >
          <tbody>
            {numbers.technicians.map((row) => (
              <tr key={row.technician} className="border-t border-slate-200">
                <th scope="row" className="px-3 py-2 font-semibold text-slate-900">
                  <bdi>{row.technician}</bdi>
                </th>
                <td className="px-3 py-2">{row.completed}</td>
                <td className="px-3 py-2">{money(row.revenueCents)}</td>
                <td className="px-3 py-2">{money(row.averageTicketCents)}</td>
                <td className="px-3 py-2">
                  {shareOf(row.estimates.approved, row.estimates.decided)}
                </td>
                <td className="px-3 py-2">
                  {shareOf(row.firstVisitFix.fixed, row.firstVisitFix.of)}
                </td>
                <td className="px-3 py-2">{shareOf(row.callbacks.callbacks, row.callbacks.of)}</td>
                <td className="px-3 py-2">
                  {shareOf(row.reviews.reviews, row.reviews.of)}
                  {row.reviews.averageRating === null
                    ? null
                    : `, ${row.reviews.averageRating.toFixed(1)} stars`}
                </td>
                <td className="px-3 py-2">{minutesText(row.medianDoneToPaidMinutes)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      <Definitions definitions={technicianDefinitions} />
    </section>
  );
}

function SpeedNumbers({ numbers, query }: { numbers: NumbersView; query: string }) {
  return (
    <section aria-labelledby="speed-heading" className="mt-10">
      <TableHeading id="speed-heading" title="Speed" table="speed" query={query} />
      {numbers.speed.length === 0 ? (
        <p className="mt-3 text-slate-700">No web requests in this range.</p>
      ) : (
        <ScrollTable
          label="Speed by office, scrolls sideways"
          className="min-w-[560px]"
          headings={[
            "Office",
            "Web requests",
            "Acted on",
            "Median time to first action",
            "Still waiting",
          ]}
        >
          <tbody>
            {numbers.speed.map((row) => (
              <tr key={row.office} className="border-t border-slate-200">
                <th scope="row" className="px-3 py-2 font-semibold text-slate-900">
                  {row.office}
                </th>
                <td className="px-3 py-2">{row.requests}</td>
                <td className="px-3 py-2">{row.answered}</td>
                <td className="px-3 py-2">{minutesText(row.medianMinutes)}</td>
                <td className="px-3 py-2">{row.waiting}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      <Definitions definitions={speedDefinitions} />
    </section>
  );
}

/** "42 min", "3 h 5 min", "2 d 4 h"; "–" of none. */
function minutesText(minutes: number | null): string {
  if (minutes === null) return "–";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}

/**
 * Each office's links for its Google Business Profile, tagged so that what they bring is counted
 * as Google Business Profile; and the paid jobs an ad click brought, for Google Ads.
 */
function ProfileLinks({ numbers, query }: { numbers: NumbersView; query: string }) {
  return (
    <section aria-labelledby="google-heading" className="mt-10">
      <h2 id="google-heading" className="text-lg font-bold text-slate-900">
        Google
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        Paste these into each office&apos;s Google Business Profile (Website, and Appointment link):
        a visitor who follows them is counted as Google Business Profile, and the booking link opens
        the booking form for that office.
      </p>
      <dl className="mt-3 grid gap-3 lg:grid-cols-2">
        {numbers.profileLinks.map((links) => (
          <div key={links.office} className="rounded-lg border border-slate-200 p-4">
            <dt className="font-semibold text-slate-900">{links.office}</dt>
            <dd className="mt-2 text-sm">
              <span className="block font-semibold text-slate-700">Website</span>
              <code className="block break-all text-slate-900">{links.website}</code>
            </dd>
            <dd className="mt-2 text-sm">
              <span className="block font-semibold text-slate-700">Appointment link</span>
              <code className="block break-all text-slate-900">{links.booking}</code>
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm text-slate-700">
        {numbers.clickConversions === 1 ? "1 paid job" : `${numbers.clickConversions} paid jobs`} in
        this range came from a Google ad click.{" "}
        <Link
          to={`/office/numbers/export?table=conversions&${query}`}
          reloadDocument
          className="font-semibold text-brand-700 underline"
        >
          Download them for Google Ads
        </Link>{" "}
        (Conversions from clicks: the click id, the conversion &quot;Paid repair&quot;, the time it
        was paid with the office&apos;s offset, and its value in USD; no name, phone, email or
        address). A job is counted by the ad click that brought its visitor, whatever source the
        office gave the request.
      </p>
    </section>
  );
}

/** A table's heading and the link to its CSV (the range and office the page shows). */
function TableHeading({
  id,
  title,
  table,
  query,
}: {
  id: string;
  title: string;
  table: NumbersTable;
  query: string;
}) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      <Link
        to={`/office/numbers/export?table=${table}&${query}`}
        reloadDocument
        className="font-semibold text-brand-700 underline"
      >
        Download the {title} as CSV
      </Link>
    </div>
  );
}

/** A table wider than a phone: a named region the keyboard can scroll, the page does not. */
function ScrollTable({
  label,
  className,
  headings,
  children,
}: {
  label: string;
  /** Its least width (`min-w-[…]`), past which it scrolls. */
  className: string;
  headings: readonly string[];
  children: React.ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="mt-3 overflow-x-auto rounded-md border border-slate-200"
    >
      <table className={`w-full ${className} text-left text-sm text-slate-800`}>
        <thead className="bg-slate-50 text-xs font-semibold text-slate-700">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        {children}
      </table>
    </div>
  );
}

/** What each number of a table counts, printed under it. */
function Definitions({ definitions }: { definitions: Record<string, string> }) {
  return (
    <ul className="mt-3 grid gap-1 text-sm text-slate-700">
      {Object.values(definitions).map((definition) => (
        <li key={definition}>{definition}</li>
      ))}
    </ul>
  );
}
