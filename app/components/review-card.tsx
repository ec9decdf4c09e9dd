import { Quote } from "lucide-react";

import type { Review } from "~/content/reviews";
import { useLocale } from "~/lib/use-locale";
import * as m from "~/paraglide/messages/_index.js";

/** A customer's own words, in the language they wrote them (English), on either language's page. */
export function ReviewCard({ review }: { review: Review }) {
  const locale = useLocale();
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-center justify-between">
        <svg
          viewBox="0 0 120 24"
          width="80"
          height="16"
          role="img"
          aria-label={m.review_stars({}, { locale })}
          className="text-accent-500"
        >
          {[0, 24, 48, 72, 96].map((x) => (
            <polygon
              key={x}
              transform={`translate(${x} 0)`}
              fill="currentColor"
              points="12 1.5 15.1 8.3 22.5 9.1 17 14.1 18.5 21.4 12 17.7 5.5 21.4 7 14.1 1.5 9.1 8.9 8.3"
            />
          ))}
        </svg>
        <Quote className="size-6 text-brand-200" aria-hidden="true" />
      </div>
      <blockquote lang="en" className="mt-4 flex-1 text-slate-700">
        <p>{review.quote}</p>
      </blockquote>
      <figcaption className="mt-5 text-sm">
        <span className="font-bold text-slate-900">{review.author}</span>
        <span className="text-slate-600"> · {review.location}</span>
        <span lang="en" className="block text-slate-600">
          {review.left}
        </span>
      </figcaption>
    </figure>
  );
}
