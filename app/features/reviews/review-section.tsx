import { Form, useNavigation } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/input";
import type { RequestPageResult } from "~/domain/request-page";
import { requestPageWords } from "~/domain/request-page-words";
import { maxReviewWords, reviewFields, type ReviewPageView } from "~/domain/reviews";
import { fieldErrorsIn } from "~/lib/form-result";
import { useLocale } from "~/lib/use-locale";

import { StarChoice } from "./star-choice";
import { StarRating } from "./star-rating";

/**
 * The private page's review, after Done: the rating form (a real POST; the rating a row of stars,
 * radios in a fieldset, no JavaScript needed), then the answer; the company's Google reviews link
 * beside it for everyone.
 */
export function ReviewSection({
  review,
  result,
}: {
  review: ReviewPageView | null;
  result: RequestPageResult | undefined;
}) {
  const navigation = useNavigation();
  const words = requestPageWords[useLocale()];
  if (!review) return null;
  const answer = result?.form === "review" ? result : undefined;
  const errors = fieldErrorsIn(answer);
  const values = answer?.values ?? {};
  const sending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "review";
  return (
    <section
      id="review"
      aria-labelledby="review-heading"
      className="grid scroll-mt-24 gap-4 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <h2 id="review-heading" className="text-lg font-bold text-slate-900">
        {words.howDid(review.technician)}
      </h2>
      {answer && answer.status !== "success" && answer.message ? (
        <p role="alert" className="font-medium text-red-800">
          {answer.message}
        </p>
      ) : null}
      {review.answer ? (
        <div className="grid gap-2" role="status">
          <p className="font-medium text-green-900">{words.reviewThanks}</p>
          <p className="flex items-center gap-2 text-slate-700">
            <StarRating
              rating={review.answer.rating}
              label={words.starsOutOfFive(review.answer.rating)}
            />
            <span>{words.youGave(words.stars(review.answer.rating))}</span>
          </p>
          {review.answer.words ? (
            <blockquote className="border-l-4 border-slate-200 pl-3 text-slate-700">
              {review.answer.words}
            </blockquote>
          ) : null}
        </div>
      ) : (
        <Form method="post" action="#review" noValidate className="grid gap-4">
          <input type="hidden" name="intent" value="review" />
          <fieldset
            className="grid gap-2"
            aria-describedby={errors.rating ? "review-rating-error" : undefined}
          >
            <legend className="text-sm font-semibold text-slate-900">{words.reviewLegend}</legend>
            <StarChoice
              name={reviewFields.rating}
              defaultValue={values.rating}
              invalid={Boolean(errors.rating)}
              starsText={words.stars}
            />
            {errors.rating ? (
              <p id="review-rating-error" role="alert" className="text-sm font-medium text-red-700">
                {errors.rating}
              </p>
            ) : null}
          </fieldset>
          <Field label={words.reviewWordsLabel} error={errors.words}>
            <Textarea
              name={reviewFields.words}
              rows={4}
              maxLength={maxReviewWords}
              defaultValue={values.words ?? ""}
            />
          </Field>
          <label className="flex items-start gap-3 text-slate-700">
            <input
              type="checkbox"
              name={reviewFields.mayPublish}
              value="yes"
              defaultChecked={values.mayPublish === "yes"}
              className="mt-1 size-5"
            />
            <span>{words.reviewPermission}</span>
          </label>
          <div>
            <Button type="submit" loading={sending}>
              {words.reviewSubmit}
            </Button>
          </div>
        </Form>
      )}
      <p className="text-slate-700">
        {words.googleNote}{" "}
        <a
          href={review.googleReviewsUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="font-semibold text-brand-700 underline"
        >
          {words.google}
        </a>
      </p>
    </section>
  );
}
