import { BadgeCheck, Quote } from "lucide-react";

import { reviewWords } from "~/domain/reviews";

import { StarRating } from "./star-rating";

export interface PublishedReviewItem {
  id: string;
  rating: number;
  words: string;
  /** "Maria, Katy TX · Dryer · November 2026 · verified repair". */
  caption: string;
}

/**
 * The homeowners' published reviews on `/reviews`, before the site's own in the same column:
 * each came from a real repair (the review request after the job), and says so in words on a
 * badge ("Verified repair"), not by an icon alone.
 */
export function PublishedReviewCards({ reviews }: { reviews: readonly PublishedReviewItem[] }) {
  return reviews.map((review) => (
    <li key={review.id} data-review="verified">
      <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <StarRating rating={review.rating} />
            <p className="inline-flex items-center gap-1 rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-green-700/30">
              <BadgeCheck className="size-4 shrink-0" aria-hidden="true" />
              {reviewWords.verifiedBadge}
            </p>
          </div>
          <Quote className="size-6 text-brand-200" aria-hidden="true" />
        </div>
        {review.words ? (
          <blockquote className="mt-4 flex-1 text-slate-700">
            <p className="break-words">{review.words}</p>
          </blockquote>
        ) : null}
        <figcaption className="mt-5 text-sm text-slate-600">{review.caption}</figcaption>
      </figure>
    </li>
  ));
}
