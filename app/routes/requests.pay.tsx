import { data, Link, redirect } from "react-router";

import { PageHeader, Section } from "~/components/page-parts";
import { withoutActionBar } from "~/components/phone-action-bar";
import { pageAnswerIn } from "~/domain/request-page-answers";
import { requestPageWords } from "~/domain/request-page-words";
import { metaLocale, pageMeta } from "~/lib/meta";
import { servicesOf } from "~/services.server";

import { privateHeaders } from "../../server/requests/page-actions.server";

import type { Route } from "./+types/requests.pay";

// The token is in the address: never stored, never indexed, never sent as a referrer.
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers(privateHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

export const handle = withoutActionBar;

export function meta({ matches }: Route.MetaArgs) {
  const words = requestPageWords[metaLocale(matches)];
  return [
    ...pageMeta(
      {
        title: words.payTitle,
        description: words.payDescription,
        path: "/requests",
        noindex: true,
      },
      matches,
    ),
    { name: "referrer", content: "no-referrer" },
  ];
}

// Only the page's form posts here; an address opened shows the way back to the page, in the
// request's language. A link to no request is no page, as on the request's own address.
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale = await servicesOf(context).requests.languageOf(params.token);
  if (!locale) throw data("Not found", { status: 404, headers: privateHeaders });
  return data({ locale }, { headers: privateHeaders });
}

/**
 * "Pay by card": 303 to the Checkout Session of what the request owes now (the amount is the
 * server's: nothing posted is read). Refused, the reason, with a way back to the page.
 */
export async function action({ params, context }: Route.ActionArgs) {
  const services = servicesOf(context);
  const [outcome, locale] = await Promise.all([
    services.requests.pay(params.token, services.clientAddress),
    services.requests.languageOf(params.token),
  ]);
  const said = (message: string) => ({ message: pageAnswerIn(message, locale ?? "en") });
  if (outcome.ok) return redirect(outcome.url, { status: 303, headers: privateHeaders });
  if (outcome.reason === "not-found") {
    throw data("Not found", { status: 404, headers: privateHeaders });
  }
  if (outcome.reason === "limited" || outcome.reason === "busy") {
    return data(said(outcome.message), {
      status: outcome.reason === "busy" ? 503 : 429,
      headers: { ...privateHeaders, "Retry-After": String(outcome.retryAfterSeconds) },
    });
  }
  return data(said(outcome.message), {
    status: outcome.reason === "unavailable" ? 503 : 409,
    headers: privateHeaders,
  });
}

export default function PayRefused({ actionData, loaderData, params }: Route.ComponentProps) {
  const words = requestPageWords[loaderData.locale];
  return (
    <>
      <PageHeader title={words.payByCardTitle} />
      <Section>
        <div className="grid max-w-3xl gap-4">
          <p role={actionData ? "alert" : undefined} className="text-lg text-slate-900">
            {actionData?.message ?? words.payFromPage}
          </p>
          <p>
            <Link
              to={`/requests/${params.token}`}
              className="font-semibold text-brand-800 underline"
            >
              {words.backToRequest}
            </Link>
          </p>
        </div>
      </Section>
    </>
  );
}
