import { ArrowRight, Clock3, MapPin, Star } from "lucide-react";
import { Link } from "react-router";

import { BrandStrip } from "~/components/brand-strip";
import { Section } from "~/components/page-parts";
import { PhoneLink } from "~/components/phone-link";
import { ReviewCard } from "~/components/review-card";
import { ScheduleLink } from "~/components/schedule-link";
import { ServicesSlider } from "~/components/services-slider";
import { formatPhone } from "~/content/company";
import { stateName } from "~/content/navigation";
import type { Review } from "~/content/reviews";
import type { ServiceText } from "~/content/services";
import { findStateByRegion, type StateSlug } from "~/content/states";
import type { ReasonToChoose } from "~/content/why-choose-us";
import { NewsletterForm } from "~/features/newsletter/newsletter-form";
import { PriceNote } from "~/features/prices/price-note";
import { useLocale } from "~/lib/use-locale";
import { heroRegionName } from "~/lib/region";
import { useRegion } from "~/lib/use-region";
import { cn } from "~/lib/utils";
import * as m from "~/paraglide/messages/_index.js";

function Hero({ serviceCalls, words }: Pick<HomeContent, "serviceCalls" | "words">) {
  const { region } = useRegion();
  const locale = useLocale();
  const state = findStateByRegion(region);
  const regionName =
    locale === "en"
      ? heroRegionName(region)
      : state
        ? stateName(state.slug, locale)
        : m.region_your_area({}, { locale });
  return (
    <section
      className="relative overflow-hidden bg-brand-950 text-white"
      aria-labelledby="hero-heading"
    >
      <div
        className="absolute inset-0 bg-[radial-gradient(circle_at_80%_20%,rgba(37,99,235,0.55),transparent_55%),radial-gradient(circle_at_10%_90%,rgba(251,191,36,0.18),transparent_45%)]"
        aria-hidden="true"
      />
      <div className="relative mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2 lg:items-center lg:px-8">
        <div className="min-w-0">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-accent-300 ring-1 ring-white/20">
            <Star className="size-4 fill-current" aria-hidden="true" />
            <span>
              {words.home_rated_prefix} <strong>4.9/5</strong> {words.home_rated_middle}{" "}
              <strong>1000+</strong> {words.home_rated_suffix}
            </span>
          </p>
          <h1
            id="hero-heading"
            className={cn(
              "mt-6 font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl",
              // "electrodomésticos" fits a 320 px phone's line only a size smaller.
              locale === "es" ? "text-[1.75rem] min-[400px]:text-4xl" : "text-4xl",
            )}
          >
            {/* The region apart, as the spec's heading has always been drawn. */}
            {words.home_hero_heading_before_region}
            {regionName}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-brand-50">{words.tagline}.</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ScheduleLink size="lg">{words.home_schedule_now}</ScheduleLink>
            <PhoneLink size="lg" variant="inverse">
              {words.home_call_us_now}
            </PhoneLink>
          </div>
        </div>
        <LocalOffice serviceCalls={serviceCalls} />
      </div>
    </section>
  );
}

/** The hero's other half: the office that will come, not another list of promises. */
function LocalOffice({ serviceCalls }: Pick<HomeContent, "serviceCalls">) {
  const { profile } = useRegion();
  const locale = useLocale();
  return (
    <section
      aria-labelledby="local-office-heading"
      className="grid gap-4 rounded-2xl bg-white/10 p-6 ring-1 ring-white/15 backdrop-blur lg:justify-self-end"
    >
      <h2 id="local-office-heading" className="flex items-center gap-2 text-lg font-bold">
        <MapPin className="size-5 text-accent-400" aria-hidden="true" />
        {m.home_local_office({ city: profile.city }, { locale })}
      </h2>
      <p className="text-brand-50">
        {profile.address}
        <span className="mt-1 flex items-center gap-2">
          <Clock3 className="size-4 text-accent-400" aria-hidden="true" />
          {m.hours_weekdays({}, { locale })}, {m.hours_weekdays_hours({}, { locale })}
        </span>
      </p>
      <p className="text-sm text-brand-50">
        {m.home_local_office_text({ phone: formatPhone(profile.phone) }, { locale })}
      </p>
      <PriceNote lines={[serviceCalls[profile.stateSlug]]} className="font-semibold text-white" />
    </section>
  );
}

/** Home's own words, in the page's language: home-content.server.ts fills them in. */
export type HomeWords = Record<(typeof homeWordKeys)[number], string>;

export const homeWordKeys = [
  "meta_home_title",
  "meta_home_description",
  "home_rated_prefix",
  "home_rated_middle",
  "home_rated_suffix",
  "home_hero_heading_before_region",
  "tagline",
  "home_schedule_now",
  "home_call_us_now",
  "home_our_services",
  "home_our_services_lead",
  "home_brands",
  "home_why_choose_us",
  "home_why_choose_us_lead",
  "home_reviews_heading",
  "home_reviews_lead",
  "home_view_all_reviews",
  "home_newsletter_heading",
  "home_newsletter_text",
  "home_newsletter_label",
  "home_contact_heading",
] as const;

export interface HomeContent {
  words: HomeWords;
  reviews: readonly Review[];
  reasons: readonly ReasonToChoose[];
  ownerQuote: { quote: string; author: string; role: string };
  /** The six service cards' words, in the page's language. */
  services: readonly ServiceText[];
  /** Each office's service-call line, for those that set one (the local office's is shown). */
  serviceCalls: Partial<Record<StateSlug, string>>;
}

function WhyChooseUs({
  reasons,
  ownerQuote,
  words,
}: Pick<HomeContent, "reasons" | "ownerQuote" | "words">) {
  return (
    <Section
      id="why-choose-us"
      title={words.home_why_choose_us}
      lead={words.home_why_choose_us_lead}
      className="bg-slate-50"
    >
      <div className="grid gap-10 lg:grid-cols-3">
        <ol className="grid gap-4 sm:grid-cols-2 lg:col-span-2">
          {reasons.map((reason, index) => (
            <li
              key={reason.title}
              className="flex gap-4 rounded-xl bg-white p-5 ring-1 ring-slate-200"
            >
              <span
                className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-700 text-sm font-bold text-white"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-bold text-slate-900">{reason.title}</h3>
                <p className="mt-1 text-sm text-slate-700">{reason.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <figure className="h-fit rounded-2xl bg-brand-900 p-8 text-white shadow-lg lg:sticky lg:top-28">
          <blockquote className="text-lg leading-relaxed">
            <p>“{ownerQuote.quote}”</p>
          </blockquote>
          <figcaption className="mt-6">
            <span className="block font-bold">{ownerQuote.author}</span>
            <span className="text-sm text-brand-100">{ownerQuote.role}</span>
          </figcaption>
        </figure>
      </div>
    </Section>
  );
}

const emptyContent: HomeContent = {
  words: Object.fromEntries(homeWordKeys.map((key) => [key, ""])) as HomeWords,
  reviews: [],
  reasons: [],
  ownerQuote: { quote: "", author: "", role: "" },
  services: [],
  serviceCalls: {},
};

export function HomePage({ content }: { content: HomeContent | undefined }) {
  const { link, profile } = useRegion();
  const locale = useLocale();
  const { words, reviews, reasons, ownerQuote, services, serviceCalls } = content ?? emptyContent;
  return (
    <>
      <Hero serviceCalls={serviceCalls} words={words} />

      <Section
        id="our-services"
        title={words.home_our_services}
        lead={words.home_our_services_lead}
      >
        <ServicesSlider services={services} />
      </Section>

      <section aria-label={words.home_brands} className="border-y border-slate-200 bg-white py-6">
        <BrandStrip />
      </section>

      <WhyChooseUs reasons={reasons} ownerQuote={ownerQuote} words={words} />

      <Section id="reviews" title={words.home_reviews_heading} lead={words.home_reviews_lead}>
        <ul className="grid gap-6 md:grid-cols-3">
          {reviews.map((review) => (
            <li key={review.author}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
        <Link
          to={link("/reviews")}
          className="mt-8 inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:underline"
        >
          {words.home_view_all_reviews}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </Section>

      <Section id="newsletter" title={words.home_newsletter_heading} className="bg-slate-50">
        <div className="max-w-xl">
          <p className="mb-5 text-slate-700">{words.home_newsletter_text}</p>
          <NewsletterForm label={words.home_newsletter_label} />
        </div>
      </Section>

      <section aria-labelledby="contact-block-heading" className="px-4 py-14 sm:px-6 lg:px-8">
        <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 rounded-3xl bg-brand-900 px-6 py-12 text-center text-white sm:px-12">
          <h2 id="contact-block-heading" className="text-2xl font-bold sm:text-3xl">
            {words.home_contact_heading}
          </h2>
          <p className="max-w-2xl text-brand-50">
            {m.home_contact_text({ city: profile.city }, { locale })}
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <ScheduleLink size="lg" />
            <PhoneLink size="lg" variant="outline" />
          </div>
        </div>
      </section>
    </>
  );
}
