/**
 * Each office's page for writing a Google review: the link every homeowner is shown after the
 * review request, whatever their rating (Google forbids asking only happy customers).
 */
import type { StateSlug } from "./states";

const writeReviewUrl = (placeId: string) =>
  `https://search.google.com/local/writereview?placeid=${placeId}`;

export const googleReviewsUrls: Readonly<Record<StateSlug, string>> = {
  virginia: writeReviewUrl("ChIJxYyZ3TJPtokRqQxH8Ghd2bA"),
  "new-jersey": writeReviewUrl("ChIJN8sO0yW5w4kR7bA1x3x4v2U"),
  texas: writeReviewUrl("ChIJm3kF2xrBQIYR0jq2nT9Yx8c"),
  "north-carolina": writeReviewUrl("ChIJb0oX2kYcrIkRpW3n7Q2m4sE"),
  florida: writeReviewUrl("ChIJqY8mV1Ae6IgR2Hn5t0c3k9w"),
  massachusetts: writeReviewUrl("ChIJ5fY3mN1n44kR8Vq2sX7b1dA"),
};
