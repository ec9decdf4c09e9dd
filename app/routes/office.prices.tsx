import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";

import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ResultNotice } from "~/components/ui/notice";
import { defaultWarrantyDays, maxServiceCallRule, maxWarrantyDays } from "~/domain/prices";
import { DeskHeader } from "~/features/desk/desk-header";
import { OfficePicker } from "~/features/desk/office-picker";
import { deskMeta } from "~/features/desk/headers";
import { fieldErrorsIn } from "~/lib/form-result";

import { notFound, officeChoices, signedInOf } from "~/features/desk/desk-route.server";
import { postedForm } from "~/lib/bounded-body.server";
import { servicesOf } from "~/services.server";

import {
  priceSettings,
  pricesOffice,
  pricesPageAction,
} from "../../server/prices/price-settings.server";

import type { Route } from "./+types/office.prices";

export function meta() {
  return deskMeta("Prices");
}

// `?office=texas` chooses the office (none: the owner's own); `&remove=ask` is Remove's
// confirmation step, a page of its own (a GET: it changes nothing).
export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff } = signedInOf(context);
  const { db } = servicesOf(context).desk;
  const params = new URL(request.url).searchParams;
  const office = (await pricesOffice(db, staff, params.get("office"))) ?? notFound();
  const settings = await priceSettings(db, staff, office);
  return {
    staff: { name: staff.name, role: staff.role },
    offices: officeChoices(),
    settings,
    confirmingRemove: settings.set && params.get("remove") === "ask",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = servicesOf(context);
  return pricesPageAction(
    await postedForm(request),
    services.desk.db,
    signedInOf(context).staff,
    () => services.prices.changed(),
  );
}

export default function Prices({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, offices, settings, confirmingRemove } = loaderData;
  const { office } = settings;
  const busy = useNavigation().state !== "idle";
  const answer = actionData?.values?.office === office ? actionData : undefined;
  const errors = fieldErrorsIn(answer);
  // After a refused save the fields keep what was typed; otherwise they show what is stored.
  const typed = answer?.status === "invalid" ? answer.values : undefined;
  const valueOf = (name: string, stored: string) => typed?.[name] ?? stored;
  const officeName = offices.find((candidate) => candidate.slug === office)?.name ?? office;
  const here = `/office/prices?office=${office}`;
  const saved = answer?.form === "save" && answer.status === "success";
  // "Saved." stands by the button until the owner changes a field again.
  // (The answer a field was changed after: a new answer is not edited yet.)
  const [editedAfter, setEditedAfter] = useState<typeof actionData | null>(null);
  const edited = editedAfter === actionData;
  if (confirmingRemove) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-8">
        <DeskHeader title="Prices" staff={staff} />
        <RemoveConfirmation
          office={office}
          officeName={officeName}
          lines={settings.shown}
          here={here}
        />
      </div>
    );
  }
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <DeskHeader title="Prices" staff={staff} />

      <OfficePicker office={office} offices={offices} />

      {/* A save's "Saved." is by its button; the rest (a refusal, a removal) here. */}
      <ResultNotice result={saved ? undefined : answer} className="mt-6" />

      <section aria-labelledby="shown-heading" className="mt-8 rounded-xl bg-slate-50 p-4">
        <h2 id="shown-heading" className="font-bold text-slate-900">
          What the site shows for {officeName}
        </h2>
        {settings.shown.length > 0 ? (
          <ul className="mt-2 grid gap-1 text-sm text-slate-800">
            {settings.shown.map((line) => (
              <li key={line}>{line}</li>
            ))}
            {settings.shownInSpanish ? (
              <li>
                On the Spanish pages: <span lang="es">{settings.shownInSpanish}</span>
              </li>
            ) : null}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-700">
            No prices: the site shows no service-call fee for {officeName}.
          </p>
        )}
      </section>

      <section aria-labelledby="prices-heading" className="mt-8">
        <h2 id="prices-heading" className="text-lg font-bold text-slate-900">
          Prices in {officeName}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          The fee shows on the home page, every service page, the booking form, the confirmation
          email and the homeowner&apos;s page; each range on its service page.
        </p>
        <Form
          // Keyed by office: the inputs show the chosen office's prices, not the last one's.
          key={office}
          method="post"
          action={here}
          noValidate
          aria-labelledby="prices-heading"
          className="mt-4 grid gap-5"
          onChange={() => setEditedAfter(actionData)}
        >
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="office" value={office} />
          <div className="grid gap-5 sm:grid-cols-[10rem_1fr]">
            <Field label="Service-call fee ($)" hint="In dollars, e.g. 89" error={errors.fee}>
              <Input
                name="fee"
                inputMode="decimal"
                autoComplete="off"
                required
                defaultValue={valueOf("fee", settings.values.fee)}
              />
            </Field>
            <Field
              label="When the fee applies"
              hint="e.g. waived when you go ahead with the repair"
              error={errors.rule}
            >
              <Input
                name="rule"
                maxLength={maxServiceCallRule}
                autoComplete="off"
                required
                defaultValue={valueOf("rule", settings.values.rule)}
              />
            </Field>
          </div>
          <Field
            label="When the fee applies, in Spanish (optional)"
            hint={
              <>
                For the Spanish pages and emails, e.g.{" "}
                <span lang="es">se descuenta si sigue adelante con la reparación</span>. Left blank,
                they quote your English words.
              </>
            }
            error={errors.ruleEs}
          >
            <Input
              name="ruleEs"
              lang="es"
              maxLength={maxServiceCallRule}
              autoComplete="off"
              defaultValue={valueOf("ruleEs", settings.values.ruleEs)}
            />
          </Field>

          <fieldset className="grid gap-3">
            <legend className="text-sm font-semibold text-slate-900">
              Typical repair ranges (optional, in dollars: both or neither)
            </legend>
            {settings.ranges.map((range) => (
              <div
                key={range.service}
                role="group"
                aria-label={range.title}
                className="grid grid-cols-2 gap-3 sm:grid-cols-[12rem_1fr_1fr] sm:items-start"
              >
                <p className="col-span-2 pt-0 text-sm font-semibold text-slate-800 sm:col-span-1 sm:pt-8">
                  {range.title}
                </p>
                <Field label={`${range.title}: low`} error={errors[range.low.name]}>
                  <Input
                    name={range.low.name}
                    inputMode="decimal"
                    autoComplete="off"
                    defaultValue={valueOf(range.low.name, range.low.value)}
                  />
                </Field>
                <Field label={`${range.title}: high`} error={errors[range.high.name]}>
                  <Input
                    name={range.high.name}
                    inputMode="decimal"
                    autoComplete="off"
                    defaultValue={valueOf(range.high.name, range.high.value)}
                  />
                </Field>
              </div>
            ))}
          </fieldset>

          <Field
            label="Warranty (days, on parts and labour)"
            hint={`${defaultWarrantyDays} unless you change it; the receipt gives its end date.`}
            error={errors.warrantyDays}
            className="sm:max-w-xs"
          >
            <Input
              name="warrantyDays"
              type="number"
              inputMode="numeric"
              min={0}
              max={maxWarrantyDays}
              step={1}
              required
              defaultValue={valueOf("warrantyDays", settings.values.warrantyDays)}
            />
          </Field>

          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={busy}>
              Save prices
            </Button>
            <p role="status" className="text-sm font-semibold text-green-800">
              {saved && !edited ? "Saved." : null}
            </p>
          </div>
        </Form>
      </section>

      {settings.set ? (
        <section aria-labelledby="remove-heading" className="mt-10 border-t border-slate-200 pt-6">
          <h2 id="remove-heading" className="text-lg font-bold text-slate-900">
            Remove the prices
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            The site then shows no service-call fee and no ranges for {officeName}, and the warranty
            goes back to {defaultWarrantyDays} days.
          </p>
          {/* Asks first: a page of its own, "Yes, remove" or "Keep it" (no window.confirm). */}
          <Form method="get" className="mt-3">
            <input type="hidden" name="office" value={office} />
            <input type="hidden" name="remove" value="ask" />
            <Button type="submit" variant="outline" disabled={busy}>
              Remove prices
            </Button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}

/** Remove's second step: what the site would stop showing, then "Yes, remove" or "Keep it". */
function RemoveConfirmation({
  office,
  officeName,
  lines,
  here,
}: {
  office: string;
  officeName: string;
  lines: string[];
  here: string;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <section
      aria-labelledby="remove-question"
      className="mt-8 rounded-xl border border-red-200 bg-red-50 p-4"
    >
      <h2 id="remove-question" className="text-lg font-bold text-slate-900">
        Remove the prices for {officeName}?
      </h2>
      <p className="mt-1 text-sm text-slate-800">
        The site then stops showing these, and the warranty goes back to {defaultWarrantyDays} days:
      </p>
      <ul className="mt-2 grid list-disc gap-1 pl-5 text-sm text-slate-900">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <Form method="post" action={here} className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="office" value={office} />
        <Button type="submit" variant="destructive" disabled={busy}>
          Yes, remove
        </Button>
        <Link to={here} className={buttonVariants({ variant: "outline" })}>
          Keep it
        </Link>
      </Form>
    </section>
  );
}
