import { starsText } from "~/domain/reviews";
import { cn } from "~/lib/utils";

const starPoints =
  "12 1.5 15.1 8.3 22.5 9.1 17 14.1 18.5 21.4 12 17.7 5.5 21.4 7 14.1 1.5 9.1 8.9 8.3";

/** Five stars, `rating` of them filled, read out as "4 stars out of 5". */
export function StarRating({
  rating,
  className,
  label = `${starsText(rating)} out of 5`,
}: {
  rating: number;
  className?: string;
  /** What it is read as, in the page's language. */
  label?: string;
}) {
  return (
    <svg
      viewBox="0 0 120 24"
      width="80"
      height="16"
      role="img"
      aria-label={label}
      className={cn("shrink-0 text-accent-500", className)}
    >
      {[0, 1, 2, 3, 4].map((index) => (
        <polygon
          key={index}
          transform={`translate(${index * 24} 0)`}
          fill={index < rating ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="1.5"
          points={starPoints}
        />
      ))}
    </svg>
  );
}
