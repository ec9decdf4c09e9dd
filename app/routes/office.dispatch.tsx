import { data, Form, Link, redirect } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { Notice } from "~/components/ui/notice";
import type { DispatchBoard, DispatchVisit, VisitPlace, WaitingForPart } from "~/domain/dispatch";
import { DeskHeader } from "~/features/desk/desk-header";
import { notFound, signedInOf } from "~/features/desk/desk-route.server";
import { deskMeta } from "~/features/desk/headers";
import { SafetyChips } from "~/features/desk/safety-chips";
import { useDeskEvents } from "~/features/desk/use-desk-events";
import { postedForm } from "~/lib/bounded-body.server";
import { servicesOf } from "~/services.server";
import { cn } from "~/lib/utils";

import { assignVisit, boardChoice, dispatchBoard } from "../../server/field/dispatch.server";
import { bookReturnVisit, returnVisitChoiceOf } from "../../server/field/return-visits.server";

import type { Route } from "./+types/office.dispatch";
import { VersionField } from "~/features/desk/version-field";

export function meta() {
  return deskMeta("Dispatch");
}

/**
 * The office and day in the address (`?office=texas&day=2026-11-25`, the day links'), or the day
 * the date picker sent (`?office=texas&date=2026-11-26`; left empty: today).
 */
function choiceOf(request: Request, context: Route.LoaderArgs["context"]) {
  const { staff } = signedInOf(context);
  const params = new URL(request.url).searchParams;
  const choice = boardChoice(
    staff,
    params.get("office"),
    params.get("day") ?? (params.get("date") || null),
    servicesOf(context).desk.visits.now(),
  );
  if (!choice) notFound();
  return { staff, choice };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff, choice } = choiceOf(request, context);
  const { desk } = servicesOf(context);
  return {
    staff: { name: staff.name, role: staff.role },
    board: await dispatchBoard(
      desk.db,
      staff,
      choice,
      desk.config.WINDOW_CAPACITY,
      desk.visits.now(),
    ),
  };
}

// Assign or move one visit, or book a return visit on this day (plain POSTs): done, the board
// again; refused, why.
export async function action({ request, context }: Route.ActionArgs) {
  const { staff, choice } = choiceOf(request, context);
  const { desk } = servicesOf(context);
  const form = await postedForm(request);
  const board = `/office/dispatch?office=${choice.office}&day=${choice.day}`;
  if (form.text("intent") === "return-visit") {
    const booked = await bookReturnVisit(
      desk.db,
      staff,
      form.text("requestId"),
      returnVisitChoiceOf(form, choice.day),
      desk.visits,
    );
    if (booked.ok) throw redirect(board);
    if (booked.reason === "not-found") notFound();
    const message =
      booked.reason === "invalid"
        ? "Choose a technician and a window, on today or a later day."
        : booked.message;
    return data({ message }, { status: booked.reason === "conflict" ? 409 : 400 });
  }
  const outcome = await assignVisit(desk.db, staff, form, choice.day, desk.visits);
  if (outcome.ok) throw redirect(board);
  if (outcome.status === 404) notFound();
  return data({ message: outcome.message }, { status: outcome.status });
}

export default function Dispatch({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, board } = loaderData;
  // A homeowner's move or cancel, a tap in the field, another dispatcher's booking: the board
  // follows live (the office's channel, the inbox's stream).
  useDeskEvents(true);
  const here = (day: string) => `/office/dispatch?office=${board.office.slug}&day=${day}`;
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8">
      <DeskHeader title="Dispatch" staff={staff} />
      <div className="mt-6 flex flex-wrap items-end justify-between gap-4">
        <div className="grid min-w-0 gap-2">
          <h2 className="text-lg font-bold text-slate-900">
            {board.office.name}: {board.dayTitle}
          </h2>
          {board.closed ? (
            <p className="w-fit rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-300">
              <strong>{board.closed}</strong>. The booking form offers no window on this day.
            </p>
          ) : null}
          <nav aria-label="Days" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <Link className="text-brand-700 underline" to={here(board.previousDay)}>
              Previous day
            </Link>
            <Link
              className="text-brand-700 underline aria-[current=date]:font-semibold aria-[current=date]:no-underline"
              to={here(board.today)}
              aria-current={board.day === board.today ? "date" : undefined}
            >
              Today
            </Link>
            <Link className="text-brand-700 underline" to={here(board.nextDay)}>
              Next day
            </Link>
          </nav>
          {/* A plain GET: the day in the address, with or without JavaScript. */}
          <Form method="get" aria-label="Choose a day" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="office" value={board.office.slug} />
            <Field label="Day">
              <Input
                // Keyed by the day: a live reload or a day link shows the board's day again.
                key={board.day}
                type="date"
                name="date"
                defaultValue={board.day}
                required
                className="w-auto"
              />
            </Field>
            <Button type="submit" variant="outline">
              Show
            </Button>
          </Form>
        </div>
        {board.offices.length > 1 ? (
          <nav aria-label="Offices" className="flex flex-wrap gap-3 text-sm">
            {board.offices.map((office) => (
              <Link
                key={office.slug}
                to={`/office/dispatch?office=${office.slug}&day=${board.day}`}
                aria-current={office.slug === board.office.slug ? "page" : undefined}
                className="text-brand-700 underline aria-[current=page]:font-semibold aria-[current=page]:no-underline"
              >
                {office.name}
              </Link>
            ))}
          </nav>
        ) : null}
      </div>
      {actionData ? (
        <Notice tone="error" className="mt-4">
          {actionData.message}
        </Notice>
      ) : null}

      <section aria-labelledby="unassigned-heading" className="mt-6">
        <h2 id="unassigned-heading" className="text-lg font-bold text-slate-900">
          Not assigned ({board.unassigned.length})
        </h2>
        {board.unassigned.length === 0 ? (
          <p className="mt-2 text-slate-700">Every visit of the day has a technician.</p>
        ) : (
          <ul className="mt-3 grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {board.unassigned.map((visit) => (
              <li key={visit.key}>
                <VisitItem visit={visit} board={board} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {board.waitingForPart.length > 0 ? (
        <section aria-labelledby="waiting-heading" className="mt-8">
          <h2 id="waiting-heading" className="text-lg font-bold text-slate-900">
            Waiting for a part ({board.waitingForPart.length})
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Book the return visit on {board.dayTitle} once the part is in.
          </p>
          <ul className="mt-3 grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {board.waitingForPart.map((request) => (
              <li key={request.id}>
                <ReturnVisitItem request={request} board={board} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="board-heading" className="mt-8">
        <h2 id="board-heading" className="text-lg font-bold text-slate-900">
          Technicians by window
        </h2>
        <ul
          aria-label="Window places"
          className="mt-2 flex flex-wrap gap-x-6 text-sm text-slate-700"
        >
          {board.windows.map((window) => (
            <li key={window.id}>
              {window.label}: <strong>{window.held}</strong> of {window.capacity} places held
            </li>
          ))}
        </ul>
        {board.technicians.length === 0 ? (
          <p className="mt-3 text-slate-700">
            This office has no technician accounts yet: an owner adds them on Staff.
          </p>
        ) : (
          <div className="mt-4 grid gap-6">
            {board.technicians.map((technician) => (
              <section
                key={technician.id}
                aria-labelledby={`technician-${technician.id}`}
                className="rounded-lg border border-slate-200 p-4"
              >
                <h3 id={`technician-${technician.id}`} className="font-bold text-slate-900">
                  {technician.name}
                </h3>
                <div className="mt-3 grid gap-4 md:grid-cols-3">
                  {board.windows.map((window) => {
                    const load = technician.visits[window.id] ?? [];
                    return (
                      <div key={window.id} className="grid content-start gap-2">
                        <p className="text-sm font-semibold text-slate-700">
                          {window.label}: {load.length} {load.length === 1 ? "visit" : "visits"}
                        </p>
                        {load.map((visit) => (
                          <VisitItem key={visit.key} visit={visit} board={board} />
                        ))}
                      </div>
                    );
                  })}
                </div>
              </section>
            ))}
          </div>
        )}
      </section>
    </div>
  );
}

/** Where the visit is: the town first, to plan the day by, then the address with its zip. */
function PlaceLine({ place }: { place: VisitPlace }) {
  if (!place.address) return null;
  return (
    <p className="[overflow-wrap:anywhere] text-slate-700">
      {place.town ? (
        <>
          <strong className="font-semibold text-slate-900">
            <bdi>{place.town}</bdi>
          </strong>
          {" · "}
        </>
      ) : null}
      <bdi>{place.address}</bdi>
    </p>
  );
}

/** A visit and the form that assigns or moves it: a technician and a window of this day. */
function VisitItem({ visit, board }: { visit: DispatchVisit; board: DispatchBoard }) {
  const formId = `assign-${visit.key.replace(":", "-")}`;
  return (
    <article
      aria-labelledby={`${formId}-name`}
      className="@container grid gap-2 rounded-md border border-slate-200 bg-white p-3 text-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Link
          id={`${formId}-name`}
          to={`/office/leads/${visit.id}`}
          className="font-semibold [overflow-wrap:anywhere] text-brand-700 underline"
        >
          <bdi>{visit.name}</bdi>
        </Link>
        <SafetyChips concerns={visit.safety} />
      </div>
      <p className="text-slate-700">
        {visit.appliance} · {visit.status}
      </p>
      <p className="font-medium text-slate-800">{visit.windowName}</p>
      <PlaceLine place={visit.place} />
      {board.technicians.length > 0 && visit.movable ? (
        // Stacked unless the card is wide: the selects show the windows' whole names.
        <Form method="post" className="grid gap-2 @2xl:grid-cols-[1fr_1fr_auto] @2xl:items-end">
          <input type="hidden" name="requestId" value={visit.id} />
          <VersionField version={visit.version} />
          <label className="grid gap-1 text-xs font-semibold text-slate-700">
            Technician
            <Select name="technicianId" defaultValue={visit.technicianId ?? ""}>
              <option value="" disabled>
                Choose…
              </option>
              {board.technicians.map((technician) => (
                <option key={technician.id} value={technician.id}>
                  {technician.name}
                </option>
              ))}
            </Select>
          </label>
          <label className="grid gap-1 text-xs font-semibold text-slate-700">
            Window
            <Select name="window" defaultValue={visit.window ?? ""}>
              <option value="" disabled>
                Choose…
              </option>
              {board.windows.map((window) => (
                <option key={window.id} value={window.id}>
                  {window.label}
                </option>
              ))}
            </Select>
          </label>
          <Button type="submit" variant="outline">
            {visit.technicianId ? "Move" : "Assign"}
          </Button>
        </Form>
      ) : null}
    </article>
  );
}

/** A request waiting for a part, and the form that books its return visit on the board's day. */
function ReturnVisitItem({ request, board }: { request: WaitingForPart; board: DispatchBoard }) {
  const id = `return-${request.id}`;
  return (
    <article
      aria-labelledby={`${id}-name`}
      className="@container grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Link
          id={`${id}-name`}
          to={`/office/leads/${request.id}`}
          className="font-semibold [overflow-wrap:anywhere] text-brand-700 underline"
        >
          <bdi>{request.name}</bdi>
        </Link>
        <SafetyChips concerns={request.safety} />
        {request.deposit ? (
          <span
            className={cn(
              "rounded-full px-2 py-0.5 text-xs font-semibold",
              request.deposit === "Deposit paid"
                ? "bg-green-100 text-green-900"
                : "bg-white text-slate-800 ring-1 ring-slate-300",
            )}
          >
            {request.deposit}
          </span>
        ) : null}
      </div>
      <p className="[overflow-wrap:anywhere] text-slate-800">
        {request.appliance} · Part: <bdi>{request.part}</bdi>
      </p>
      <PlaceLine place={request.place} />
      {board.technicians.length > 0 ? (
        <Form method="post" className="grid gap-2 @2xl:grid-cols-[1fr_1fr_auto] @2xl:items-end">
          <input type="hidden" name="intent" value="return-visit" />
          <input type="hidden" name="requestId" value={request.id} />
          <VersionField version={request.version} />
          <label className="grid gap-1 text-xs font-semibold text-slate-700">
            Technician
            <Select name="technicianId" defaultValue={request.technicianId ?? ""}>
              <option value="" disabled>
                Choose…
              </option>
              {board.technicians.map((technician) => (
                <option key={technician.id} value={technician.id}>
                  {technician.name}
                </option>
              ))}
            </Select>
          </label>
          <label className="grid gap-1 text-xs font-semibold text-slate-700">
            Window
            <Select name="window" defaultValue="">
              <option value="" disabled>
                Choose…
              </option>
              {board.windows.map((window) => (
                <option key={window.id} value={window.id}>
                  {window.label}
                </option>
              ))}
            </Select>
          </label>
          <Button type="submit">Book return visit</Button>
        </Form>
      ) : null}
    </article>
  );
}
