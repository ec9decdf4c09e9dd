import { PageHeader, Section } from "~/components/page-parts";
import { ReviewCard } from "~/components/review-card";
import { reviews } from "~/content/reviews";
import { pageMeta } from "~/lib/meta";

import type { Route } from "./+types/reviews";
import { regionPageCache, type PageCacheHandle } from "~/lib/page-cache";

export const handle = { pageCache: regionPageCache } satisfies PageCacheHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Customer Reviews | What Homeowners Say About Our Repairs",
      description:
        "Read what homeowners in Virginia, New Jersey, Texas, North Carolina, Florida and Massachusetts say about our appliance repair technicians.",
      path: "/reviews",
    },
    matches,
  );
}

export default function Reviews() {
  return (
    <>
      <PageHeader
        title="Customer Reviews"
        lead="Rated 4.9/5 from 1000+ reviews. Here are a few of them, in our customers' own words."
        trail={[
          { name: "Home", path: "/" },
          { name: "Reviews", path: "/reviews" },
        ]}
      />
      <Section>
        <ul className="mx-auto flex max-w-3xl flex-col gap-6">
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
