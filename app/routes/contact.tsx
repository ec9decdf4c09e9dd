import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { data } from "react-router";

import { PageHeader, Section } from "~/components/page-parts";
import { PhoneLink } from "~/components/phone-link";
import { formatPhone } from "~/content/company";
import { ContactForm } from "~/features/contact/contact-form";
import { serviceAreasFor } from "~/content/navigation";
import { actionRetryAfter } from "~/lib/action-headers";
import { submitThroughServerAction } from "~/lib/form-client-action";
import { useLocale } from "~/lib/use-locale";
import { metaLocale, pageMeta } from "~/lib/meta";
import { useRegion } from "~/lib/use-region";
import * as m from "~/paraglide/messages/_index.js";

import { servicesOf } from "~/services.server";

import type { Route } from "./+types/contact";
import { regionPageCache, type PageCacheHandle } from "~/lib/page-cache";

export const handle = { pageCache: regionPageCache } satisfies PageCacheHandle;

export function meta({ matches }: Route.MetaArgs) {
  const locale = metaLocale(matches);
  return pageMeta(
    {
      title: m.meta_contact_title({}, { locale }),
      description: m.meta_contact_description({}, { locale }),
      path: "/contact",
    },
    matches,
  );
}

// The contact form posts here, with or without JavaScript.
export async function action({ request, context }: Route.ActionArgs) {
  const { result, status, headers } = await servicesOf(context).forms.submit(
    "contactMessage",
    request,
  );
  return data(result, { status, headers });
}

export const headers = actionRetryAfter;

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitThroughServerAction("contactMessage", serverAction);
}

export default function Contact() {
  const { profile, state } = useRegion();
  const locale = useLocale();
  const areas = serviceAreasFor(state?.label, locale);
  return (
    <>
      <PageHeader
        title={m.contact_heading({}, { locale })}
        lead={m.contact_lead({}, { locale })}
        trail={[
          { name: m.nav_home({}, { locale }), path: "/" },
          { name: m.nav_contact({}, { locale }), path: "/contact" },
        ]}
      />
      <Section>
        <div className="grid gap-12 lg:grid-cols-5">
          <section aria-labelledby="contact-form-heading" className="lg:col-span-3">
            <h2 id="contact-form-heading" className="text-2xl font-bold text-slate-900">
              {m.contact_send_message({}, { locale })}
            </h2>
            <div className="mt-6">
              <ContactForm />
            </div>
          </section>
          <aside aria-labelledby="contact-info-heading" className="space-y-8 lg:col-span-2">
            <div className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
              <h2 id="contact-info-heading" className="text-xl font-bold text-slate-900">
                {m.contact_information({}, { locale })}
              </h2>
              <ul className="mt-5 space-y-4 text-slate-700">
                <li className="flex gap-3">
                  <MapPin className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                  <div>
                    <p className="font-semibold text-slate-900">
                      {m.contact_main_office({}, { locale })}
                    </p>
                    <address className="not-italic">
                      {profile.street}
                      <br />
                      {profile.region}
                    </address>
                  </div>
                </li>
                <li className="flex gap-3">
                  <Phone className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                  <div>
                    <p className="font-semibold text-slate-900">
                      {m.contact_phone({}, { locale })}
                    </p>
                    <a href={`tel:${profile.phoneForCall}`} className="hover:underline">
                      {formatPhone(profile.phone)}
                    </a>
                  </div>
                </li>
                <li className="flex gap-3">
                  <Mail className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                  <div>
                    <p className="font-semibold text-slate-900">
                      {m.contact_email({}, { locale })}
                    </p>
                    <a href={`mailto:${profile.email}`} className="break-all hover:underline">
                      {profile.email}
                    </a>
                  </div>
                </li>
                <li className="flex gap-3">
                  <Clock className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                  <div>
                    <p className="font-semibold text-slate-900">
                      {m.contact_business_hours({}, { locale })}
                    </p>
                    <dl>
                      <div className="flex gap-2">
                        <dt>{m.hours_weekdays({}, { locale })}:</dt>
                        <dd>{m.hours_weekdays_hours({}, { locale })}</dd>
                      </div>
                      <div className="flex gap-2">
                        <dt>{m.hours_closed_days({}, { locale })}:</dt>
                        <dd>{m.hours_closed({}, { locale })}</dd>
                      </div>
                    </dl>
                  </div>
                </li>
              </ul>
              <h3 className="mt-6 font-semibold text-slate-900">
                {m.contact_service_areas({}, { locale })}
              </h3>
              <ul
                className="mt-2 flex flex-wrap gap-2"
                aria-label={m.contact_service_areas_label({}, { locale })}
              >
                {areas.map((area) => (
                  <li
                    key={area.href}
                    className="rounded-full bg-white px-3 py-1 text-sm text-slate-700 ring-1 ring-slate-200"
                  >
                    {area.label}
                  </li>
                ))}
              </ul>
            </div>
            <div className="rounded-2xl bg-brand-900 p-6 text-white">
              <h2 className="text-xl font-bold">{m.contact_immediate_heading({}, { locale })}</h2>
              <p className="mt-2 text-brand-50">{m.contact_immediate_text({}, { locale })}</p>
              <PhoneLink variant="secondary" size="lg" className="mt-5 w-full" />
            </div>
          </aside>
        </div>
      </Section>
    </>
  );
}
