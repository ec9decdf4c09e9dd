import { data } from "react-router";

import { PageHeader, Section } from "~/components/page-parts";
import { withoutActionBar } from "~/components/phone-action-bar";
import type { RequestIntent, RequestPageResult, RequestPageView } from "~/domain/request-page";
import { Changes, Photos } from "~/features/requests/request-changes";
import { useRequestEvents } from "~/features/requests/use-request-events";
import { CancelConfirmation, Summary, Timeline } from "~/features/requests/request-summary";
import { actionRetryAfter } from "~/lib/action-headers";
import { metaLocale, pageMeta } from "~/lib/meta";
import { cn } from "~/lib/utils";
import { TextsSetting } from "~/features/requests/texts-setting";
import { ReviewSection } from "~/features/reviews/review-section";
import { EstimateAnswer } from "~/features/requests/estimate-answer";
import { ReceiptSection } from "~/features/requests/receipt";
import { BalanceSection } from "~/features/requests/balance";
import { WarrantyCallback } from "~/features/requests/warranty-callback";
import { requestPageWords, type RequestPageWords } from "~/domain/request-page-words";

import { servicesOf } from "~/services.server";

import { privateHeaders, requestPageAction } from "../../server/requests/page-actions.server";

import type { Route } from "./+types/requests";

// The token is in the address: server/security.ts sends it with `Referrer-Policy: no-referrer`.
// A refusal past a budget keeps its Retry-After, with or without JavaScript.
export function headers(args: Route.HeadersArgs) {
  const headers = actionRetryAfter(args);
  for (const [name, value] of Object.entries(privateHeaders)) headers.set(name, value);
  return headers;
}

// The page's own forms come first: no Call/Book bar over them (the office's number is in the page).
export const handle = withoutActionBar;

export function meta({ matches }: Route.MetaArgs) {
  const words = requestPageWords[metaLocale(matches)];
  return [
    ...pageMeta(
      {
        title: words.title,
        description: words.description,
        path: "/requests",
        noindex: true,
      },
      matches,
    ),
    { name: "referrer", content: "no-referrer" },
  ];
}

// Reads only: an email scanner or link preview that opens the link changes nothing.
export async function loader({ params, context, request }: Route.LoaderArgs) {
  // Stripe's page sends the homeowner back with its session's id (`success_url`).
  const paid = new URL(request.url).searchParams.get("paid") ?? undefined;
  const view = await servicesOf(context).requests.view(params.token, paid);
  if (!view) throw data("Not found", { status: 404, headers: privateHeaders });
  return data(view, { headers: privateHeaders });
}

// Cancel, move and add photos: server/requests/page-actions.server.ts.
export function action({ request, params, context }: Route.ActionArgs) {
  return requestPageAction(request, params.token, servicesOf(context));
}

export default function RequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const view = loaderData;
  const result = actionData;
  // Live while something may still happen to it.
  useRequestEvents(
    view.step === "received" ||
      view.step === "confirmed" ||
      // Done but not paid yet: the estimate or the receipt may still come.
      (view.step === "completed" && view.afterTheJob.receipt === null),
  );
  // Once paid, the page leads with the outcome: paid, the receipt and the warranty, then the
  // rating; the request's account follows.
  const paid = view.afterTheJob.receipt !== null;
  const words = requestPageWords[view.locale];
  return (
    <>
      <PageHeader title={words.heading} />
      <Section>
        <div className="grid max-w-3xl gap-8">
          <Outcome result={result} view={view} />
          {paid ? (
            <>
              <ReceiptSection view={view} />
              <ReviewSection review={view.review} result={result} />
            </>
          ) : null}
          <BalanceSection view={view} />
          <Summary view={view} />
          <Timeline view={view} />
          {result?.form === "cancel-ask" && result.status === "success" ? (
            <CancelConfirmation view={view} />
          ) : null}
          <EstimateAnswer view={view} result={result} />
          <WarrantyCallback view={view} result={result} />
          <Changes view={view} result={result} />
          <Photos view={view} result={result} />
          <TextsSetting view={view} />
          {paid ? null : <ReviewSection review={view.review} result={result} />}
        </div>
      </Section>
    </>
  );
}

function Outcome({
  result,
  view,
}: {
  result: RequestPageResult | undefined;
  view: RequestPageView;
}) {
  if (!result || (result.form === "cancel-ask" && result.status === "success")) return null;
  const ok = result.status === "success";
  // A refused photo is answered under its field; a refused warranty visit under its form.
  if (!ok && (result.form === "photos" || result.form === "warranty-callback")) return null;
  // The review is answered in its own section, beside its form.
  if (result.form === "review") return null;
  // So is a refused answer to the estimate, under its form.
  if (
    result.status === "invalid" &&
    (result.form === "estimate-approve" || result.form === "estimate-decline")
  ) {
    return null;
  }
  const text = ok
    ? successText(result.form, view, result.added ?? 0, requestPageWords[view.locale])
    : (result.message ?? "");
  return (
    <p
      role={ok ? "status" : "alert"}
      className={cn(
        "rounded-lg border px-4 py-3 font-medium",
        ok
          ? "border-green-300 bg-green-50 text-green-900"
          : "border-red-300 bg-red-50 text-red-900",
      )}
    >
      {text}
    </p>
  );
}

/** What the page says once a change went through (the cancel question and the review aside). */
function successText(
  form: RequestIntent,
  view: RequestPageView,
  photosAdded: number,
  words: RequestPageWords,
): string {
  const visit = view.visit?.text ?? null;
  switch (form) {
    case "cancel":
      return words.didCancel;
    case "reschedule":
      return words.didMove(visit);
    case "texts-off":
      return words.didTextsOff;
    case "texts-on":
      return words.didTextsOn;
    case "warranty-callback":
      return words.didWarranty(visit);
    case "estimate-approve":
      return words.didApprove;
    case "estimate-decline":
      return words.didDecline;
    case "photos":
    default:
      return words.didPhotos(photosAdded);
  }
}
