import { ChevronRight, MapPin, MessageSquare, Phone, TriangleAlert } from "lucide-react";
import { Fragment } from "react";

import { buttonVariants } from "~/components/ui/button";
import { fieldStatusLabels, type FieldVisit } from "~/domain/field";
import { callbackProblemLabel } from "~/domain/warranty";
import { cn } from "~/lib/utils";

import { PrefersSpanishChip } from "~/features/desk/language-chip";
import { controlEdge } from "./card-edges";
import { EstimateSection } from "./estimate-form";
import { CardPaySection } from "./card-pay";
import { PaymentSection } from "./payment-form";
import { VisitTaps, type FieldTapResult } from "./visit-taps";

interface CardProps {
  visit: FieldVisit;
  result: FieldTapResult | undefined;
  keepOffline: (form: HTMLFormElement) => void;
}

/** The card's groups of controls: the taps, the estimate (and its answer), the payment. */
type Controls = "taps" | "estimate" | "payment";

/**
 * The card's controls in the order the visit asks for them: On my way and Arrived first before
 * the arrival; then the estimate, then Done; after Done (or Can't fix) the payment, unless the
 * estimate still waits for the customer's answer, which the payment needs first.
 */
export function controlsInOrder(
  visit: Pick<FieldVisit, "fieldStatus" | "afterTheJob">,
): Controls[] {
  switch (visit.fieldStatus) {
    case null:
    case "on-the-way":
      return ["taps", "estimate", "payment"];
    case "arrived":
      return ["estimate", "taps", "payment"];
    default:
      return visit.afterTheJob.decisionKey
        ? ["estimate", "payment", "taps"]
        : ["payment", "estimate", "taps"];
  }
}

/**
 * One visit on My day, for a phone held in one hand: who and where (directions, call, text),
 * what (appliance, model, problem, photos), any danger first, the window, and the next step
 * first. A finished visit is one line (name, window, status) that opens to the whole card.
 *
 * The heading's id, `visit-{id}`, is where a tap's redirect lands (`/office/day#visit-{id}`).
 */
export function VisitCard({ visit, result, keepOffline }: CardProps) {
  const headingId = `visit-${visit.id}`;
  if (visit.finished) {
    return (
      <article
        aria-labelledby={headingId}
        className="rounded-xl border border-slate-500 bg-white shadow-sm"
      >
        {/* The heading, for a screen reader's list of them: the summary (a button) flattens its own. */}
        <h3 id={headingId} className="sr-only">
          <bdi>{visit.name}</bdi>
        </h3>
        <details className="group">
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-xl px-4 py-2.5 [&::-webkit-details-marker]:hidden">
            <ChevronRight
              className="size-4 shrink-0 text-slate-700 transition-transform group-open:rotate-90"
              aria-hidden="true"
            />
            {/* On a narrow phone the window gives way first, then the name (whole once opened). */}
            <span className="min-w-0 truncate font-bold text-slate-900 group-open:[overflow-wrap:anywhere] group-open:whitespace-normal">
              <bdi>{visit.name}</bdi>
            </span>
            <span className="min-w-0 shrink-[4] truncate text-sm text-slate-700">
              {visit.windowLabel}
            </span>
            <span className="ml-auto shrink-0 text-sm font-semibold text-slate-900">
              {fieldStatusLabels[visit.fieldStatus ?? "booked"]}
            </span>
          </summary>
          <div className="grid gap-3 border-t border-slate-300 p-4">
            <p className="text-sm font-semibold text-brand-800">{visit.window}</p>
            <CardBody visit={visit} result={result} keepOffline={keepOffline} />
          </div>
        </details>
      </article>
    );
  }
  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={headingId} className="text-lg font-bold [overflow-wrap:anywhere] text-slate-900">
          <bdi>{visit.name}</bdi>
        </h3>
        <p className="text-sm font-semibold text-brand-800">{visit.window}</p>
      </header>
      <CardBody visit={visit} result={result} keepOffline={keepOffline} />
    </article>
  );
}

/** Everything under the card's name and window. */
function CardBody({ visit, result, keepOffline }: CardProps) {
  const model = [visit.brand, visit.model].filter(Boolean).join(" ");
  const controls: Record<Controls, React.ReactNode> = {
    taps: <VisitTaps visit={visit} result={result} keepOffline={keepOffline} />,
    estimate: <EstimateSection visit={visit} result={result} keepOffline={keepOffline} />,
    payment: (
      <>
        <CardPaySection visit={visit} result={result} />
        <PaymentSection visit={visit} result={result} keepOffline={keepOffline} />
      </>
    ),
  };
  return (
    <>
      {visit.prefersSpanish ? <PrefersSpanishChip language="es" /> : null}
      {visit.safety.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Safety">
          {visit.safety.map((flag) => (
            <li
              key={flag.concern}
              className="inline-flex items-center gap-1.5 rounded-full bg-red-100 px-3 py-1 text-sm font-semibold text-red-900"
            >
              <TriangleAlert className="size-4" aria-hidden="true" />
              {flag.label}
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        <a
          href={visit.directionsUrl}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-start gap-1.5 font-semibold [overflow-wrap:anywhere] text-brand-800 underline"
        >
          <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {visit.address}
            <span className="sr-only"> (directions in your maps app)</span>
          </span>
        </a>
      </p>
      {/* Call takes the width its number needs (a line of its own on a narrow phone), Text the rest. */}
      <div className="flex flex-wrap gap-2">
        <a
          href={`tel:${visit.phoneDigits}`}
          className={cn(
            buttonVariants({ variant: "outline" }),
            controlEdge,
            "h-auto min-h-11 flex-[1_1_auto] py-2 whitespace-normal",
          )}
        >
          <Phone aria-hidden="true" />
          <span>
            Call <span className="whitespace-nowrap">{visit.phone}</span>
          </span>
        </a>
        <a
          href={`sms:${visit.phoneDigits}`}
          className={cn(
            buttonVariants({ variant: "outline" }),
            controlEdge,
            "h-auto min-h-11 flex-[1_1_auto] py-2",
          )}
        >
          <MessageSquare aria-hidden="true" />
          Text
        </a>
      </div>
      <CallbackProblem problem={visit.callbackProblem} />
      <dl className="grid gap-x-4 gap-y-1 text-sm text-slate-800 sm:grid-cols-[8rem_1fr]">
        <dt className="font-semibold text-slate-900">Appliance</dt>
        <dd>
          {visit.appliance}
          {model ? `, ${model}` : ""}
          {visit.serialNumber ? ` (serial ${visit.serialNumber})` : ""}
        </dd>
        <dt className="font-semibold text-slate-900">Problem</dt>
        <dd className="[overflow-wrap:anywhere] whitespace-pre-line">
          {visit.problem || "Not described"}
        </dd>
        {visit.notes ? (
          <>
            <dt className="font-semibold text-slate-900">Notes</dt>
            <dd className="[overflow-wrap:anywhere] whitespace-pre-line">{visit.notes}</dd>
          </>
        ) : null}
        {visit.reference ? (
          <>
            <dt className="font-semibold text-slate-900">Reference</dt>
            <dd className="font-mono">{visit.reference}</dd>
          </>
        ) : null}
        <dt className="font-semibold text-slate-900">Status</dt>
        <dd>
          <strong>{visit.status}</strong>
          {visit.statusDetail ? `: ${visit.statusDetail}` : ""}
        </dd>
      </dl>
      {visit.photos.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="The homeowner's photos">
          {visit.photos.map((photo, index) => (
            <li key={photo.id}>
              <a href={photo.url} target="_blank" rel="noreferrer" className="block rounded-lg">
                <img
                  src={photo.url}
                  width={80}
                  height={80}
                  loading="lazy"
                  alt={`Photo ${index + 1} from the homeowner`}
                  className="size-20 rounded-lg border border-slate-200 object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {controlsInOrder(visit).map((group) => (
        <Fragment key={group}>{controls[group]}</Fragment>
      ))}
    </>
  );
}

/** A warranty callback's reason, as the homeowner wrote it, and the photo they sent with it. */
function CallbackProblem({ problem }: { problem: FieldVisit["callbackProblem"] }) {
  if (!problem) return null;
  return (
    <div className="grid gap-2 rounded-lg border border-amber-700 bg-amber-50 p-3 text-sm text-slate-900">
      <p className="[overflow-wrap:anywhere] whitespace-pre-line">
        <strong>{callbackProblemLabel}:</strong> {problem.words}
      </p>
      {problem.photo ? (
        <a
          href={problem.photo.url}
          target="_blank"
          rel="noreferrer"
          className="block justify-self-start rounded-lg"
        >
          <img
            src={problem.photo.url}
            width={80}
            height={80}
            loading="lazy"
            alt="Photo of what went wrong, from the homeowner"
            className="size-20 rounded-lg border border-slate-200 object-cover"
          />
        </a>
      ) : null}
    </div>
  );
}
