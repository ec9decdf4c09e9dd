import { Quote } from "lucide-react";

import { StarRating } from "./star-rating";

export interface PublishedReviewItem {
  id: string;
  rating: number;
  words: string;
  /** "Maria, Katy TX · Dryer · November 2026 · verified repair". */
  caption: string;
}

/** The homeowners' published reviews on `/reviews`, after the site's own, in the same column. */
export function PublishedReviewCards({ reviews }: { reviews: readonly PublishedReviewItem[] }) {
  return reviews.map((review) => (
    <li key={review.id} data-review="verified">
      <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex items-center justify-between">
          <StarRating rating={review.rating} />
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
