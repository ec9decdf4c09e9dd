import { ArrowRight } from "lucide-react";
import { Link } from "react-router";

import { serviceLooks, type ServiceText } from "~/content/services";
import { useLocale } from "~/lib/use-locale";
import { cn } from "~/lib/utils";
import * as m from "~/paraglide/messages/_index.js";

export function ServiceCard({
  service,
  href,
  headingLevel = 3,
}: {
  service: ServiceText;
  href: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { icon: Icon, color } = serviceLooks[service.slug];
  const locale = useLocale();
  return (
    <article className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md">
      <span className={cn("grid size-12 place-items-center rounded-xl", color)}>
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <Heading className="mt-5 text-lg font-bold text-slate-900">{service.title}</Heading>
      <p className="mt-2 flex-1 text-slate-700">{service.description}</p>
      <Link
        to={href}
        className="mt-5 inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:underline"
      >
        {m.service_card_read_more({}, { locale })}
        <span className="sr-only">
          {" "}
          {m.service_card_about({ service: service.title.toLowerCase() }, { locale })}
        </span>
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </article>
  );
}
