import { MapPin, MessageSquare, Phone, TriangleAlert } from "lucide-react";

import { buttonVariants } from "~/components/ui/button";
import type { FieldVisit } from "~/domain/field";
import { cn } from "~/lib/utils";

import { EstimateSection } from "./estimate-form";
import { PaymentSection } from "./payment-form";
import { VisitTaps, type FieldTapResult } from "./visit-taps";

/**
 * One visit on My day, for a phone held in one hand: who and where (directions, call, text),
 * what (appliance, model, problem, photos), any danger first, and the window.
 */
export function VisitCard({
  visit,
  result,
  keepOffline,
}: {
  visit: FieldVisit;
  result: FieldTapResult | undefined;
  keepOffline: (form: HTMLFormElement) => void;
}) {
  const headingId = `visit-${visit.id}`;
  const model = [visit.brand, visit.model].filter(Boolean).join(" ");
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
      <div className="grid grid-cols-2 gap-2">
        <a
          href={`tel:${visit.phoneDigits}`}
          className={cn(buttonVariants({ variant: "outline" }), "h-11")}
        >
          <Phone aria-hidden="true" />
          Call {visit.phone}
        </a>
        <a
          href={`sms:${visit.phoneDigits}`}
          className={cn(buttonVariants({ variant: "outline" }), "h-11")}
        >
          <MessageSquare aria-hidden="true" />
          Text
        </a>
      </div>
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
      <VisitTaps visit={visit} result={result} keepOffline={keepOffline} />
      <EstimateSection visit={visit} result={result} keepOffline={keepOffline} />
      <PaymentSection visit={visit} result={result} keepOffline={keepOffline} />
    </article>
  );
}
