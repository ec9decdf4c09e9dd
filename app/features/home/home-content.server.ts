import { spanishOwnerQuote, spanishWhyChooseUs } from "~/content/es/why-choose-us.server";
import { reviews } from "~/content/reviews";
import { serviceTexts } from "~/content/service-texts.server";
import { ownerQuote, whyChooseUs } from "~/content/why-choose-us";
import type { Locale } from "~/lib/locale";
import { pickRandomIndexes } from "~/lib/pick-random";
import * as m from "~/paraglide/messages/_index.js";

import { homeWordKeys, type HomeContent, type HomeWords } from "./home-page";

export const homeReviewCount = 3;

/**
 * Home's longer text, handed over by the loader: three reviews picked at random on the server,
 * and the thirteen reasons, so none of it weighs on the browser's JavaScript; and each office's
 * service-call line (server/prices/public-prices.ts).
 */
export function homeContent(
  serviceCalls: HomeContent["serviceCalls"],
  locale: Locale = "en",
): HomeContent {
  // Called here, on the server: the words reach the page as data, not as JavaScript.
  const words = {} as HomeWords;
  for (const key of homeWordKeys) words[key] = m[key]({}, { locale });
  return {
    words,
    reviews: pickRandomIndexes(reviews.length, homeReviewCount).flatMap(
      (index) => reviews[index] ?? [],
    ),
    reasons: locale === "es" ? spanishWhyChooseUs : whyChooseUs,
    ownerQuote: locale === "es" ? spanishOwnerQuote : ownerQuote,
    services: serviceTexts(locale),
    serviceCalls,
  };
}
