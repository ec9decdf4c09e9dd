import { Link } from "react-router";

import { PhoneLink } from "~/components/phone-link";
import { ScheduleLink } from "~/components/schedule-link";
import { useLocale } from "~/lib/use-locale";
import { useRegion } from "~/lib/use-region";
import { cn } from "~/lib/utils";
import * as m from "~/paraglide/messages/_index.js";

export interface Crumb {
  name: string;
  path: string;
}

export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  const { link } = useRegion();
  const locale = useLocale();
  return (
    <nav aria-label={m.breadcrumb({}, { locale })} className="text-sm text-brand-100">
      <ol className="flex flex-wrap items-center gap-1.5">
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          return (
            <li key={crumb.path} className="flex items-center gap-1.5">
              {last ? (
                <span aria-current="page" className="font-semibold text-white">
                  {crumb.name}
                </span>
              ) : (
                <>
                  <Link to={link(crumb.path)} className="hover:text-white hover:underline">
                    {crumb.name}
                  </Link>
                  <span aria-hidden="true">/</span>
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The coloured band at the top of inner pages: breadcrumbs, heading and a lead. */
export function PageHeader({
  title,
  lead,
  trail,
  children,
}: {
  title: string;
  lead?: string;
  trail?: readonly Crumb[];
  children?: React.ReactNode;
}) {
  return (
    <div className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        {trail ? <Breadcrumbs trail={trail} /> : null}
        <h1 className="mt-3 max-w-3xl text-3xl font-extrabold tracking-tight sm:text-4xl lg:text-5xl">
          {title}
        </h1>
        {lead ? <p className="mt-4 max-w-2xl text-lg text-brand-50">{lead}</p> : null}
        {children}
      </div>
    </div>
  );
}

export function Section({
  id,
  title,
  lead,
  className,
  children,
  headingLevel = 2,
}: {
  id?: string;
  title?: string;
  lead?: string;
  className?: string;
  children: React.ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={title ? headingId : undefined}
      className={cn("py-14 sm:py-20", className)}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        {title ? (
          <div className="max-w-3xl">
            <Heading
              id={headingId}
              className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
            >
              {title}
            </Heading>
            {lead ? <p className="mt-3 text-lg text-slate-700">{lead}</p> : null}
          </div>
        ) : null}
        <div className={title ? "mt-10" : undefined}>{children}</div>
      </div>
    </section>
  );
}

/** Call Now / Schedule Service, closing service, state and listing pages. */
export function CallToAction({
  heading,
  text,
  children,
}: {
  heading?: string;
  text?: string;
  children?: React.ReactNode;
}) {
  const locale = useLocale();
  return (
    <section aria-labelledby="cta-heading" className="px-4 py-14 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-5xl rounded-3xl bg-brand-900 px-6 py-12 text-center text-white shadow-xl sm:px-12">
        <h2 id="cta-heading" className="text-2xl font-bold sm:text-3xl">
          {heading ?? m.cta_heading({}, { locale })}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-brand-50">{text ?? m.cta_text({}, { locale })}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          {children ?? (
            <>
              <PhoneLink variant="outline" size="lg">
                {m.cta_call_now({}, { locale })}
              </PhoneLink>
              <ScheduleLink size="lg" />
            </>
          )}
        </div>
      </div>
    </section>
  );
}
