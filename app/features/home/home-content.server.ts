import { reviews, type Review } from "~/content/reviews";
import { pickRandomIndexes } from "~/lib/pick-random";

export const homeReviewCount = 3;

/** Three reviews at random, picked on the server so the browser never loads all 13. */
export function pickHomeReviews(): { reviews: Review[] } {
  return {
    reviews: pickRandomIndexes(reviews.length, homeReviewCount).flatMap(
      (index) => reviews[index] ?? [],
    ),
  };
}
