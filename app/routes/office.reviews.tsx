import { Phone } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/input";
import { ResultNotice } from "~/components/ui/notice";
import { DeskHeader } from "~/features/desk/desk-header";
import { deskMeta } from "~/features/desk/headers";
import { StarRating } from "~/features/reviews/star-rating";
import {
  maxHandledNote,
  reviewDeskIntents,
  reviewWords,
  starsText,
  type ReviewDeskIntent,
} from "~/domain/reviews";

import { notFound, signedInOf } from "~/features/desk/desk-route.server";
import { postedForm } from "~/lib/bounded-body.server";
import type { FormResult } from "~/lib/form-result";
import { servicesOf } from "~/services.server";

import {
  deskReviews,
  markReviewHandled,
  reviewsPagePath,
  setReviewPublished,
} from "../../server/reviews/published-reviews.server";

import type { Route } from "./+types/office.reviews";

export function meta() {
  return deskMeta("Reviews");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { staff } = signedInOf(context);
  const { db, visits } = servicesOf(context).desk;
  return {
    staff: { name: staff.name, role: staff.role },
    ...(await deskReviews(db, staff, visits.now())),
  };
}

function isDeskIntent(value: string): value is ReviewDeskIntent {
  return (reviewDeskIntents as readonly string[]).includes(value);
}

/** Publish, Unpublish or Mark as handled with its note (`form` is the review's id). */
export async function action({ request, context }: Route.ActionArgs) {
  const { staff } = signedInOf(context);
  const desk = servicesOf(context).desk;
  const form = await postedForm(request);
  const intent = form.text("intent");
  const reviewId = form.text("reviewId");
  if (!isDeskIntent(intent)) {
    return data<FormResult>(
      {
        form: reviewId,
        status: "invalid",
        message: "Choose Publish, Unpublish or Mark as handled.",
      },
      { status: 400 },
    );
  }
  if (intent === "handled") {
    const note = form.text("note");
    const handled = await markReviewHandled(desk.db, staff, reviewId, note);
    if (!handled.ok) {
      if (handled.reason === "not-found") notFound();
      return data<FormResult>(
        {
          form: reviewId,
          status: "invalid",
          fieldErrors: { note: handled.message },
          values: { note },
        },
        { status: 400 },
      );
    }
    return data<FormResult>({
      form: reviewId,
      status: "success",
      message: reviewWords.handledNotice,
    });
  }
  const outcome = await setReviewPublished(desk.db, staff, reviewId, intent === "publish");
  if (!outcome.ok) {
    if (outcome.reason === "not-found") notFound();
    return data<FormResult>(
      { form: reviewId, status: "invalid", message: outcome.message },
      { status: 409 },
    );
  }
  if (outcome.changed) desk.forgetPage?.(reviewsPagePath);
  return data<FormResult>({
    form: reviewId,
    status: "success",
    message:
      intent === "publish"
        ? "Published: it shows on the Reviews page now."
        : "Unpublished: it no longer shows on the Reviews page.",
  });
}

export default function Reviews({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, reviews, technicians } = loaderData;
  const navigation = useNavigation();
  const busyWith = navigation.state === "submitting" ? navigation.formData?.get("reviewId") : null;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8">
      <DeskHeader title="Reviews" staff={staff} />

      <section aria-labelledby="technicians-heading" className="mt-8">
        <h2 id="technicians-heading" className="text-lg font-bold text-slate-900">
          By technician
        </h2>
        {technicians.length === 0 ? (
          <p className="mt-2 text-slate-600">No review request has gone out yet.</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full min-w-0 text-left text-sm">
              <thead className="text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-4">
                    Technician
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Requests sent
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Answers
                  </th>
                  <th scope="col" className="py-2">
                    Average rating
                  </th>
                </tr>
              </thead>
              <tbody>
                {technicians.map((row) => (
                  <tr key={row.technician} className="border-t border-slate-200">
                    <th scope="row" className="py-2 pr-4 font-semibold text-slate-900">
                      {row.technician}
                    </th>
                    <td className="py-2 pr-4">{row.requestsSent}</td>
                    <td className="py-2 pr-4">{row.answers}</td>
                    <td className="py-2">{row.averageRating ?? "None yet"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="answers-heading" className="mt-10">
        <h2 id="answers-heading" className="text-lg font-bold text-slate-900">
          Answers, newest first
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Every homeowner is asked alike after Done. Only an answer whose homeowner allowed it can
          be published; it then shows on the Reviews page with their first name and city.
        </p>
        {reviews.length === 0 ? (
          <p className="mt-3 text-slate-600">No answers yet.</p>
        ) : (
          <ul className="mt-4 grid gap-4">
            {reviews.map((review) => {
              const answer = actionData?.form === review.id ? actionData : undefined;
              const headingId = `review-${review.id}`;
              return (
                <li
                  key={review.id}
                  aria-labelledby={headingId}
                  className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4"
                >
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <h3 id={headingId} className="font-bold text-slate-900">
                      {starsText(review.rating)}: {review.firstName || "Homeowner"}
                      {review.city ? `, ${review.city}` : ""}
                    </h3>
                    <StarRating rating={review.rating} />
                    {review.needsAttention ? (
                      <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
                        {reviewWords.needsAttention}
                      </span>
                    ) : null}

                    {review.published ? (
                      <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                        Published
                      </span>
                    ) : null}
                  </div>
                  {review.words ? (
                    <blockquote className="border-l-4 border-slate-200 pl-3 break-words text-slate-700">
                      {review.words}
                    </blockquote>
                  ) : (
                    <p className="text-sm text-slate-600">No words.</p>
                  )}
                  {review.phoneDigits ? (
                    <p>
                      <a
                        href={`tel:${review.phoneDigits}`}
                        className="inline-flex min-h-11 max-w-full items-center gap-2 font-semibold break-words text-brand-800 underline underline-offset-2"
                      >
                        <Phone className="size-4 shrink-0" aria-hidden="true" />
                        {reviewWords.call(review.firstName, review.phone)}
                      </a>
                    </p>
                  ) : null}
                  {review.handled ? (
                    <p className="rounded-lg bg-slate-50 p-3 text-sm break-words text-slate-800">
                      <span className="font-semibold">
                        {reviewWords.handled(review.handled.by)}
                      </span>
                      , {review.handled.at}
                      {review.handled.note ? `: “${review.handled.note}”` : "."}
                    </p>
                  ) : null}
                  <p className="text-sm text-slate-600">
                    {review.appliance} · {review.technician || "Technician not recorded"} ·{" "}
                    {review.office} · {review.answered} ·{" "}
                    {review.mayPublish ? "May be published" : "Not for publishing"} ·{" "}
                    <Link
                      to={`/office/leads/${review.leadId}`}
                      className="text-brand-700 underline"
                    >
                      Open the request
                    </Link>
                  </p>
                  {review.needsAttention ? (
                    <Form
                      method="post"
                      aria-label={`${reviewWords.markHandled}: ${starsText(review.rating)}, ${review.firstName || "Homeowner"}`}
                      className="grid max-w-xl gap-3"
                    >
                      <input type="hidden" name="reviewId" value={review.id} />
                      <input type="hidden" name="intent" value="handled" />
                      <Field
                        label={reviewWords.handledNoteLabel}
                        hint={reviewWords.handledNoteHint}
                        error={answer?.status === "invalid" ? answer.fieldErrors?.note : undefined}
                        markedRequired
                      >
                        <Textarea
                          name="note"
                          rows={2}
                          required
                          maxLength={maxHandledNote}
                          defaultValue={answer?.values?.note ?? ""}
                        />
                      </Field>
                      <Button
                        type="submit"
                        variant="outline"
                        className="justify-self-start"
                        loading={busyWith === review.id}
                      >
                        {reviewWords.markHandled}
                      </Button>
                    </Form>
                  ) : null}
                  {review.mayPublish ? (
                    <Form method="post">
                      <input type="hidden" name="reviewId" value={review.id} />
                      <input
                        type="hidden"
                        name="intent"
                        value={review.published ? "unpublish" : "publish"}
                      />
                      <Button
                        type="submit"
                        variant={review.published ? "outline" : "default"}
                        loading={busyWith === review.id}
                      >
                        {review.published ? reviewWords.unpublish : reviewWords.publish}
                      </Button>
                    </Form>
                  ) : null}
                  <ResultNotice result={answer} />
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
