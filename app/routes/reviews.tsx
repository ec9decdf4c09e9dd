import { PageHeader, Section } from "~/components/page-parts";
import { ReviewCard } from "~/components/review-card";
import { reviews } from "~/content/reviews";
import { useLocale } from "~/lib/use-locale";
import { metaLocale, pageMeta } from "~/lib/meta";
import * as m from "~/paraglide/messages/_index.js";
import { useStickyLoaderData } from "~/lib/use-sticky-loader-data";

import { PublishedReviewCards } from "~/features/reviews/published-review-list";
import { servicesOf } from "~/services.server";

import { publishedReviews } from "../../server/reviews/published-reviews.server";
import type { Route } from "./+types/reviews";
import { regionPageCache, type PageCacheHandle } from "~/lib/page-cache";

// Kept in the page cache though it reads the database: publishing or unpublishing a review drops
// the kept copies at once (server/reviews/published-reviews.server.ts, `forget`).
export const handle = { pageCache: regionPageCache } satisfies PageCacheHandle;

/**
 * The homeowners' reviews an owner published (each from a real repair), newest first, before the
 * site's own 13.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return { published: await publishedReviews(servicesOf(context).desk.db) };
}

export function meta({ matches }: Route.MetaArgs) {
  const locale = metaLocale(matches);
  return pageMeta(
    {
      title: m.meta_reviews_title({}, { locale }),
      description: m.meta_reviews_description({}, { locale }),
      path: "/reviews",
    },
    matches,
  );
}

export default function Reviews() {
  // Kept while a modal opens over the page (its element stays, its route's data does not).
  const published = useStickyLoaderData<Route.ComponentProps["loaderData"]>()?.published ?? [];
  const locale = useLocale();
  return (
    <>
      <PageHeader
        title={m.reviews_heading({}, { locale })}
        lead={m.reviews_lead({}, { locale })}
        trail={[
          { name: m.nav_home({}, { locale }), path: "/" },
          { name: m.nav_reviews({}, { locale }), path: "/reviews" },
        ]}
      />
      <Section>
        <ul className="mx-auto flex max-w-3xl flex-col gap-6">
          {/* Verified repairs first, each with its badge; then the site's 13 (spec: all 13). */}
          <PublishedReviewCards reviews={published} />
          {reviews.map((review) => (
            <li key={review.author}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
