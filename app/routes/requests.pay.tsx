import { data, Link, redirect } from "react-router";

import { PageHeader, Section } from "~/components/page-parts";
import { withoutActionBar } from "~/components/phone-action-bar";
import { pageMeta } from "~/lib/meta";
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
  return [
    ...pageMeta(
      {
        title: "Pay by Card",
        description: "Pay for your appliance repair by card.",
        path: "/requests",
        noindex: true,
      },
      matches,
    ),
    { name: "referrer", content: "no-referrer" },
  ];
}

// Only the page's form posts here; an address opened shows the way back to the page.
export function loader() {
  return data(null, { headers: privateHeaders });
}

/**
 * "Pay by card": 303 to the Checkout Session of what the request owes now (the amount is the
 * server's: nothing posted is read). Refused, the reason, with a way back to the page.
 */
export async function action({ params, context }: Route.ActionArgs) {
  const services = servicesOf(context);
  const outcome = await services.requests.pay(params.token, services.clientAddress);
  if (outcome.ok) return redirect(outcome.url, { status: 303, headers: privateHeaders });
  if (outcome.reason === "not-found") {
    throw data("Not found", { status: 404, headers: privateHeaders });
  }
  if (outcome.reason === "limited" || outcome.reason === "busy") {
    return data(
      { message: outcome.message },
      {
        status: outcome.reason === "busy" ? 503 : 429,
        headers: { ...privateHeaders, "Retry-After": String(outcome.retryAfterSeconds) },
      },
    );
  }
  return data(
    { message: outcome.message },
    { status: outcome.reason === "unavailable" ? 503 : 409, headers: privateHeaders },
  );
}

export default function PayRefused({ actionData, params }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Pay by card" />
      <Section>
        <div className="grid max-w-3xl gap-4">
          <p role={actionData ? "alert" : undefined} className="text-lg text-slate-900">
            {actionData?.message ?? "Pay by card from your request\u2019s page."}
          </p>
          <p>
            <Link
              to={`/requests/${params.token}`}
              className="font-semibold text-brand-800 underline"
            >
              Back to your request
            </Link>
          </p>
        </div>
      </Section>
    </>
  );
}
