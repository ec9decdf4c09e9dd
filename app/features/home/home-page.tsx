import { ArrowRight, Clock3, MapPin, Star } from "lucide-react";
import { Link } from "react-router";

import { BrandStrip } from "~/components/brand-strip";
import { Section } from "~/components/page-parts";
import { PhoneLink } from "~/components/phone-link";
import { ReviewCard } from "~/components/review-card";
import { ScheduleLink } from "~/components/schedule-link";
import { ServicesSlider } from "~/components/services-slider";
import { formatPhone, tagline } from "~/content/company";
import { NewsletterForm } from "~/features/newsletter/newsletter-form";
import { PriceNote } from "~/features/prices/price-note";
import type { Review } from "~/content/reviews";
import type { ReasonToChoose } from "~/content/why-choose-us";
import type { StateSlug } from "~/content/states";
import { heroRegionName } from "~/lib/region";
import { useRegion } from "~/lib/use-region";

function Hero({ serviceCalls }: Pick<HomeContent, "serviceCalls">) {
  const { region } = useRegion();
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
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-accent-300 ring-1 ring-white/20">
            <Star className="size-4 fill-current" aria-hidden="true" />
            <span>
              Rated <strong>4.9/5</strong> from <strong>1000+</strong> customer reviews
            </span>
          </p>
          <h1
            id="hero-heading"
            className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            #1 Appliance Repair Service in {heroRegionName(region)}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-brand-50">{tagline}.</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ScheduleLink size="lg">Schedule Now</ScheduleLink>
            <PhoneLink size="lg" variant="inverse">
              Call Us Now
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
  return (
    <section
      aria-labelledby="local-office-heading"
      className="grid gap-4 rounded-2xl bg-white/10 p-6 ring-1 ring-white/15 backdrop-blur lg:justify-self-end"
    >
      <h2 id="local-office-heading" className="flex items-center gap-2 text-lg font-bold">
        <MapPin className="size-5 text-accent-400" aria-hidden="true" />
        Your local office: {profile.city}
      </h2>
      <p className="text-brand-50">
        {profile.address}
        <span className="mt-1 flex items-center gap-2">
          <Clock3 className="size-4 text-accent-400" aria-hidden="true" />
          {profile.hours}
        </span>
      </p>
      <p className="text-sm text-brand-50">
        Talk to a real person at {formatPhone(profile.phone)}, or book online in under a minute and
        follow, move or cancel the visit from your own page.
      </p>
      <PriceNote lines={[serviceCalls[profile.stateSlug]]} className="font-semibold text-white" />
    </section>
  );
}

export interface HomeContent {
  reviews: readonly Review[];
  reasons: readonly ReasonToChoose[];
  ownerQuote: { quote: string; author: string; role: string };
  /** Each office's service-call line, for those that set one (the local office's is shown). */
  serviceCalls: Partial<Record<StateSlug, string>>;
}

function WhyChooseUs({ reasons, ownerQuote }: Pick<HomeContent, "reasons" | "ownerQuote">) {
  return (
    <Section
      id="why-choose-us"
      title="Why Choose Us"
      lead="Thirteen reasons homeowners across six states keep our number on the fridge."
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
  reviews: [],
  reasons: [],
  ownerQuote: { quote: "", author: "", role: "" },
  serviceCalls: {},
};

export function HomePage({ content }: { content: HomeContent | undefined }) {
  const { link, profile } = useRegion();
  const { reviews, reasons, ownerQuote, serviceCalls } = content ?? emptyContent;
  return (
    <>
      <Hero serviceCalls={serviceCalls} />

      <Section
        id="our-services"
        title="Our Services"
        lead="Factory-trained technicians for the appliances your household depends on every day."
      >
        <ServicesSlider />
      </Section>

      <section aria-label="Brands" className="border-y border-slate-200 bg-white py-6">
        <BrandStrip />
      </section>

      <WhyChooseUs reasons={reasons} ownerQuote={ownerQuote} />

      <Section id="reviews" title="What our customers say" lead="Rated 4.9/5 from 1000+ reviews.">
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
          View All Reviews
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </Section>

      <Section id="newsletter" title="Keep your appliances running longer" className="bg-slate-50">
        <div className="max-w-xl">
          <p className="mb-5 text-slate-700">
            A short email a few times a year: seasonal maintenance that prevents the most common
            breakdowns, and the odd offer. Unsubscribe with one click.
          </p>
          <NewsletterForm label="Subscribe to maintenance tips" />
        </div>
      </Section>

      <section aria-labelledby="contact-block-heading" className="px-4 py-14 sm:px-6 lg:px-8">
        <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 rounded-3xl bg-brand-900 px-6 py-12 text-center text-white sm:px-12">
          <h2 id="contact-block-heading" className="text-2xl font-bold sm:text-3xl">
            Something not working right? Let's get it fixed.
          </h2>
          <p className="max-w-2xl text-brand-50">
            Book online in under a minute, or call the {profile.city} office and talk to a real
            person.
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
