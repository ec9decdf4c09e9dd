import { reviews } from "~/content/reviews";
import { ownerQuote, whyChooseUs } from "~/content/why-choose-us";
import { pickRandomIndexes } from "~/lib/pick-random";

import type { HomeContent } from "./home-page";

export const homeReviewCount = 3;

/**
 * Home's longer text, handed over by the loader: three reviews picked at random on the server,
 * and the thirteen reasons, so none of it weighs on the browser's JavaScript; and each office's
 * service-call line (server/prices/public-prices.ts).
 */
export function homeContent(serviceCalls: HomeContent["serviceCalls"]): HomeContent {
  return {
    reviews: pickRandomIndexes(reviews.length, homeReviewCount).flatMap(
      (index) => reviews[index] ?? [],
    ),
    reasons: whyChooseUs,
    ownerQuote,
    serviceCalls,
  };
}
