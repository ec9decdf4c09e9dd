import { Quote, Star } from "lucide-react";

import type { Review } from "~/content/reviews";

export function ReviewCard({ review }: { review: Review }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-center justify-between">
        <div className="flex gap-0.5 text-accent-500" role="img" aria-label="5 out of 5 stars">
          {Array.from({ length: 5 }, (_, index) => (
            <Star key={index} className="size-4 fill-current" aria-hidden="true" />
          ))}
        </div>
        <Quote className="size-6 text-brand-200" aria-hidden="true" />
      </div>
      <blockquote className="mt-4 flex-1 text-slate-700">
        <p>{review.quote}</p>
      </blockquote>
      <figcaption className="mt-5 text-sm">
        <span className="font-bold text-slate-900">{review.author}</span>
        <span className="text-slate-600"> · {review.location}</span>
      </figcaption>
    </figure>
  );
}
