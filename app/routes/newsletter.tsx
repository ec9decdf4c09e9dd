import { data } from "react-router";

import { PageHeader, Section } from "~/components/page-parts";
import { NewsletterForm } from "~/features/newsletter/newsletter-form";
import { actionRetryAfter } from "~/lib/action-headers";
import { submitThroughServerAction } from "~/lib/form-client-action";
import { metaLocale, pageMeta } from "~/lib/meta";
import { useLocale } from "~/lib/use-locale";
import * as m from "~/paraglide/messages/_index.js";

import { servicesOf } from "~/services.server";

import type { Route } from "./+types/newsletter";

export function meta({ matches }: Route.MetaArgs) {
  const locale = metaLocale(matches);
  return pageMeta(
    {
      title: m.meta_newsletter_title({}, { locale }),
      description: m.meta_newsletter_description({}, { locale }),
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
  const locale = useLocale();
  return (
    <>
      <PageHeader
        title={m.footer_newsletter({}, { locale })}
        lead={m.newsletter_page_lead({}, { locale })}
      />
      <Section>
        <div className="max-w-md">
          <NewsletterForm label={m.newsletter_subscription({}, { locale })} />
        </div>
      </Section>
    </>
  );
}
