import { Form, Link, useNavigation } from "react-router";

import { Button, buttonVariants } from "~/components/ui/button";
import type { RequestPageView } from "~/domain/request-page";
import { pageAnswerIn } from "~/domain/request-page-answers";
import { requestPageWords } from "~/domain/request-page-words";
import { noPlaceHeldMessage } from "~/lib/form-result";
import { cn } from "~/lib/utils";

// The private page's account of the request: what, when and where, where it stands, and the
// question before a cancel.

export function Summary({ view }: { view: RequestPageView }) {
  const words = requestPageWords[view.locale];
  const cancelled = view.step === "cancelled";
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      {cancelled ? (
        <div className="mb-5 grid gap-3 rounded-lg bg-slate-100 p-4">
          <p className="text-lg font-bold text-slate-900">{words.cancelled}</p>
          <p className="text-slate-700">{words.cancelledNote}</p>
          <Link to={view.bookAgainHref} className={cn(buttonVariants(), "justify-self-start")}>
            {words.bookNewVisit}
          </Link>
        </div>
      ) : null}
      {view.field ? (
        <p
          role="status"
          className={cn(
            "mb-5 rounded-lg p-4 text-lg font-bold",
            view.field.state === "cant-fix" || view.field.state === "needs-part"
              ? "bg-amber-50 text-amber-950"
              : "bg-green-50 text-green-900",
          )}
        >
          {view.field.text}
        </p>
      ) : null}
      <h2 className="text-xl font-bold text-slate-900">{words.repairOf(view.appliance)}</h2>
      <dl className="mt-4 grid gap-3 text-slate-800 sm:grid-cols-[10rem_1fr]">
        {view.reference ? (
          <>
            <dt className="font-semibold">{words.reference}</dt>
            <dd className="font-mono font-semibold tracking-wide">{view.reference}</dd>
          </>
        ) : null}
        <dt className="font-semibold">
          {view.earlierVisits.length > 0 ? words.visits : words.visit}
        </dt>
        <dd>
          {view.earlierVisits.length > 0 ? (
            <ul className="mb-1 grid gap-1">
              {view.earlierVisits.map((visit) => (
                <li key={visit.label}>
                  {visit.label}: {visit.text}{" "}
                  <span className="text-slate-600">({visit.outcome})</span>
                </li>
              ))}
            </ul>
          ) : null}
          {view.earlierVisits.length > 0 && view.visit ? (
            <span className="font-semibold">{view.currentVisitLabel}: </span>
          ) : null}
          {view.visit && cancelled ? (
            <>
              <s>{view.visit.text}</s>{" "}
              <span className="text-slate-600">({words.visitState.cancelled})</span>
            </>
          ) : view.visit ? (
            <>
              {view.visit.text}{" "}
              <span className="text-slate-600">
                (
                {
                  words.visitState[
                    view.field?.state === "needs-part" ? "waiting-for-part" : view.visit.state
                  ]
                }
                )
              </span>
              {view.visit.placeHeld ? null : (
                <span className="block font-semibold">
                  {pageAnswerIn(noPlaceHeldMessage, view.locale)}
                </span>
              )}
            </>
          ) : (
            words.weWillCall
          )}
        </dd>
        <dt className="font-semibold">{words.address}</dt>
        <dd>{view.address}</dd>
        {view.serviceCall ? (
          <>
            <dt className="font-semibold">{words.serviceCall}</dt>
            <dd>{view.serviceCall}</dd>
          </>
        ) : null}
        <dt className="font-semibold">{words.office}</dt>
        <dd>
          {view.office.name},{" "}
          <a
            className="font-semibold text-brand-800 underline"
            href={`tel:${view.office.phoneForCall}`}
          >
            {view.office.phone}
          </a>{" "}
          <span className="text-slate-600">({view.office.hours})</span>
        </dd>
      </dl>
    </div>
  );
}

export function Timeline({ view }: { view: RequestPageView }) {
  const words = requestPageWords[view.locale];
  const order = view.timeline.map((entry) => entry.step);
  const reached = order.indexOf(view.step);
  return (
    <section aria-labelledby="status-heading">
      <h2 id="status-heading" className="text-lg font-bold text-slate-900">
        {words.status}
      </h2>
      <ol className="mt-3 grid gap-3">
        {view.timeline.map((entry, index) => {
          const done = index <= reached;
          const current = index === reached;
          return (
            <li
              key={entry.step}
              aria-current={current ? "step" : undefined}
              className="flex items-start gap-3"
            >
              <span
                aria-hidden="true"
                className={cn(
                  "mt-1 size-4 shrink-0 rounded-full border-2",
                  done ? "border-brand-700 bg-brand-700" : "border-slate-400 bg-white",
                )}
              />
              <span>
                <span
                  className={cn("block", done ? "font-semibold text-slate-900" : "text-slate-600")}
                >
                  {entry.label}
                  {done ? null : <span className="sr-only"> {words.notYet}</span>}
                </span>
                {entry.at ? <span className="text-sm text-slate-600">{entry.at}</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

export function CancelConfirmation({ view }: { view: RequestPageView }) {
  const navigation = useNavigation();
  if (!view.canCancel) return null;
  const words = requestPageWords[view.locale];
  return (
    <section
      aria-labelledby="cancel-heading"
      className="rounded-xl border border-red-200 bg-red-50 p-6"
    >
      <h2 id="cancel-heading" className="text-lg font-bold text-red-900">
        {words.cancelAsk}
      </h2>
      <p className="mt-2 text-red-900">{words.cancelAskNote}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <Button type="submit" variant="destructive" loading={navigation.state === "submitting"}>
            {words.cancelYes}
          </Button>
        </Form>
        <Link to="." replace className={buttonVariants({ variant: "outline" })}>
          {words.cancelKeep}
        </Link>
      </div>
    </section>
  );
}
