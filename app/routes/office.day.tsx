import { data, redirect } from "react-router";

import { DeskHeader } from "~/features/desk/desk-header";
import { deskMeta } from "~/features/desk/headers";
import { useDeskEvents } from "~/features/desk/use-desk-events";
import { afterTheJobFormName } from "~/features/field/estimate-form";
import { cardPayFormName } from "~/features/field/card-pay";
import { notFound, signedInOf } from "~/features/desk/desk-route.server";
import { useWaitingTaps } from "~/features/field/offline";
import { VisitCard } from "~/features/field/visit-card";
import { WaitingTapsNotice } from "~/features/field/waiting-taps-notice";
import { tapFormName, undoFormName, type FieldTapResult } from "~/features/field/visit-taps";
import { postedForm } from "~/lib/bounded-body.server";
import { servicesOf } from "~/services.server";

import { cardPayTap, isCardPayIntent } from "../../server/field/card-pay-taps.server";
import { isEstimateIntent, recordEstimateTap } from "../../server/field/estimates.server";
import { recordFieldTap } from "../../server/field/field-taps.server";
import { myDay } from "../../server/field/my-day.server";
import { undoFieldTap } from "../../server/field/undo-taps.server";

import type { Route } from "./+types/office.day";

export function meta() {
  return deskMeta("My day");
}

// A technician's own visits; for anyone else the page does not exist.
export async function loader({ context }: Route.LoaderArgs) {
  const { staff } = signedInOf(context);
  if (staff.role !== "technician") notFound();
  const { desk } = servicesOf(context);
  return {
    staff: { name: staff.name, role: staff.role },
    day: await myDay(desk.db, staff, desk.visits.now(), desk.cards),
  };
}

/**
 * Where a tap lands: My day at the visit's card (its heading, `visit-{id}`), not the top of the
 * page. Without JavaScript the browser scrolls there; with it, React Router does (the forms'
 * `preventScrollReset` keeps the place when a tap is refused). A card the tap finished is one
 * line, so the next visit follows right under it.
 */
function visitOnMyDay(requestId: string): string {
  return `/office/day#visit-${encodeURIComponent(requestId)}`;
}

// A tap: done, the page is loaded again (a reload posts nothing); refused, the card says why.
export async function action({ request, context }: Route.ActionArgs) {
  const { staff } = signedInOf(context);
  if (staff.role !== "technician") notFound();
  const { desk } = servicesOf(context);
  const posted = await postedForm(request);
  // The estimate, the customer's answer and the payment: server/field/estimates.server.ts.
  if (isEstimateIntent(posted.text("intent"))) {
    const done = await recordEstimateTap(desk.db, desk.visits, staff, posted, (requestId) =>
      desk.cards ? desk.cards.closeOpenLinks(requestId) : Promise.resolve(),
    );
    if (done.ok) throw redirect(visitOnMyDay(posted.text("requestId")));
    if (done.reason === "not-found") notFound();
    const form = afterTheJobFormName(posted.text("intent"), posted.text("requestId"));
    return data<FieldTapResult>(
      done.reason === "invalid"
        ? { form, status: "invalid", fieldErrors: done.fieldErrors }
        : { form, status: "invalid", message: done.message },
      { status: done.reason === "invalid" ? 400 : 409 },
    );
  }
  // The card's pay link by text, by email or as a QR code: server/field/card-pay-taps.server.ts.
  if (isCardPayIntent(posted.text("intent"))) {
    const form = cardPayFormName(posted.text("requestId"));
    const paid = await cardPayTap(desk.db, desk.cards, staff, posted);
    if (paid.ok) {
      return data<FieldTapResult>({ form, status: "success", message: paid.message, qr: paid.qr });
    }
    if (paid.reason === "not-found") notFound();
    return data<FieldTapResult>(
      { form, status: "invalid", message: paid.message },
      { status: 409 },
    );
  }
  if (posted.text("intent") === "undo") {
    const undone = await undoFieldTap(desk.db, desk.visits, staff, posted);
    if (undone.ok) throw redirect(visitOnMyDay(posted.text("requestId")));
    if (undone.reason === "not-found") notFound();
    return data<FieldTapResult>(
      { form: undoFormName(posted.text("requestId")), status: "invalid", message: undone.message },
      { status: 409 },
    );
  }
  const outcome = await recordFieldTap(desk.db, desk.visits, staff, posted, {
    enabled: desk.cards?.enabled ?? false,
  });
  if (outcome.ok) throw redirect(visitOnMyDay(posted.text("requestId")));
  if (outcome.reason === "not-found") notFound();
  const form = tapFormName(outcome.action, posted.text("requestId"));
  return data<FieldTapResult>(
    outcome.reason === "invalid"
      ? { form, status: "invalid", fieldErrors: outcome.fieldErrors }
      : { form, status: "invalid", message: outcome.message },
    { status: outcome.reason === "invalid" ? 400 : 409 },
  );
}

export default function MyDayPage({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, day } = loaderData;
  const { count, signInNeeded, keep } = useWaitingTaps();
  // Live: the homeowner's answer on their page shows within seconds.
  useDeskEvents(true, "/office/day/events");
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6">
      <DeskHeader title="My day" staff={staff} />
      <WaitingTapsNotice count={count} signInNeeded={signInNeeded} />
      {day.days.map((section) => (
        <section key={section.key} aria-labelledby={`day-${section.key}`} className="mt-6">
          <h2 id={`day-${section.key}`} className="text-lg font-bold text-slate-900">
            {section.title}
          </h2>
          {section.visits.length === 0 ? (
            <p className="mt-2 text-slate-700">
              {section.key === "today"
                ? "No visits assigned to you today."
                : "No visits assigned to you tomorrow yet."}
            </p>
          ) : (
            // One column that may be narrower than a finished visit's line: its name is cut short.
            <ol className="mt-3 grid grid-cols-1 gap-4">
              {section.visits.map((visit) => (
                <li key={visit.id}>
                  <VisitCard visit={visit} result={actionData} keepOffline={keep} />
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}
    </div>
  );
}
