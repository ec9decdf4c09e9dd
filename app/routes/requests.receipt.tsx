import { data, redirect } from "react-router";

import { Section } from "~/components/page-parts";
import { withoutActionBar } from "~/components/phone-action-bar";
import { ReceiptDocument } from "~/features/requests/receipt";
import { requestPageWords } from "~/domain/request-page-words";
import { metaLocale, pageMeta } from "~/lib/meta";
import { servicesOf } from "~/services.server";

import { privateHeaders } from "../../server/requests/page-actions.server";

import type { Route } from "./+types/requests.receipt";

// The token is in the address: never stored, never indexed, never sent as a referrer.
export function headers() {
  return privateHeaders;
}

// A document to read and print: no Call/Book bar over it (the office's number is on it).
export const handle = withoutActionBar;

export function meta({ matches }: Route.MetaArgs) {
  const words = requestPageWords[metaLocale(matches)];
  return [
    ...pageMeta(
      {
        title: words.receiptTitle,
        description: words.receiptDescription,
        path: "/requests",
        noindex: true,
      },
      matches,
    ),
    { name: "referrer", content: "no-referrer" },
  ];
}

// Reads only; a bad link, or a request not paid yet, is a 404.
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { receipts, locale } = await servicesOf(context).requests.receipts(params.token);
  if (receipts.length === 0) {
    // Back from Stripe's page before its signed event landed: the page says it is confirming.
    const paid = new URL(request.url).searchParams.get("paid");
    if (
      paid &&
      (await servicesOf(context).requests.view(params.token, paid))?.balance?.confirming
    ) {
      const page = new URL(request.url).pathname.replace(/\/receipt\/?$/, "");
      throw redirect(`${page}?paid=${encodeURIComponent(paid)}#balance`, {
        status: 303,
        headers: privateHeaders,
      });
    }
    throw data("Not found", { status: 404, headers: privateHeaders });
  }
  return data({ receipts, locale }, { headers: privateHeaders });
}

export default function ReceiptPage({ loaderData }: Route.ComponentProps) {
  return (
    <Section>
      <ReceiptDocument receipts={loaderData.receipts} />
    </Section>
  );
}
