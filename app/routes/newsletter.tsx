import { data } from "react-router";

import { PageHeader, Section } from "~/components/page-parts";
import { NewsletterForm } from "~/features/newsletter/newsletter-form";
import { actionRetryAfter } from "~/lib/action-headers";
import { submitThroughServerAction } from "~/lib/form-client-action";
import { pageMeta } from "~/lib/meta";

import { servicesOf } from "~/services.server";

import type { Route } from "./+types/newsletter";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Newsletter | Appliance Care Tips and Offers",
      description: "Subscribe to appliance care tips and offers by email.",
      path: "/newsletter",
      noindex: true,
    },
    matches,
  );
}

// Every newsletter form posts here (the footer's on every page, the home page's): with
// JavaScript through a fetcher, without it as a page that shows the result.
export async function action({ request, context }: Route.ActionArgs) {
  const { result, status, headers } = await servicesOf(context).forms.submit("newsletter", request);
  return data(result, { status, headers });
}

export const headers = actionRetryAfter;

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitThroughServerAction("newsletter", serverAction);
}

export default function Newsletter() {
  return (
    <>
      <PageHeader
        title="Newsletter"
        lead="Appliance care tips and offers from your local office, a few times a year."
      />
      <Section>
        <div className="max-w-md">
          <NewsletterForm label="Newsletter subscription" />
        </div>
      </Section>
    </>
  );
}
