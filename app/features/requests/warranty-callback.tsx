import { useState, type FormEvent } from "react";
import { Form, Link, useNavigation } from "react-router";

import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { fieldControlClass, Textarea } from "~/components/ui/input";
import { photoAccept, photoProblemBeforeUpload } from "~/domain/photos";
import type { RequestPageResult, RequestPageView } from "~/domain/request-page";
import { pageFieldErrorsIn } from "~/domain/request-page-answers";
import { requestPageWords } from "~/domain/request-page-words";
import {
  callbackFields,
  callbackProblemSchema,
  maxCallbackProblemLength,
  warrantyMessages,
} from "~/domain/warranty";
import type { FieldErrors } from "~/lib/form-result";
import { cn } from "~/lib/utils";

import { WindowChoices } from "./window-choices";

// The private page's warranty section: while the repair is guaranteed, "Same problem again?"
// asks what went wrong this time (words, and a photo if the homeowner has one) and books the
// free callback in one of the open windows (a multipart POST, with or without JavaScript;
// server/requests/page-actions.server.ts answers it; with JavaScript the words and the photo are checked
// before sending); after the last day, a normal booking instead.

/** What the page can tell before sending: the words, and the photo from what the browser says. */
function problemsBeforeSending(form: HTMLFormElement, stored: number): FieldErrors {
  const errors: FieldErrors = {};
  const problem = form.elements.namedItem(callbackFields.problem);
  if (problem instanceof HTMLTextAreaElement) {
    const words = callbackProblemSchema.safeParse(problem.value);
    if (!words.success) errors.problem = words.error.issues[0]?.message;
  }
  const photo = form.elements.namedItem(callbackFields.photo);
  const files = photo instanceof HTMLInputElement ? Array.from(photo.files ?? []) : [];
  const photoProblem =
    files.length > 1
      ? warrantyMessages.onePhoto
      : files.length === 1
        ? photoProblemBeforeUpload(files, stored)
        : null;
  if (photoProblem) errors.photo = photoProblem;
  return errors;
}

export function WarrantyCallback({
  view,
  result,
}: {
  view: RequestPageView;
  result: RequestPageResult | undefined;
}) {
  const navigation = useNavigation();
  const [checked, setChecked] = useState<FieldErrors | null>(null);
  const { warranty } = view;
  if (!warranty) return null;
  const words = requestPageWords[view.locale];
  if (warranty.state === "booked") {
    return (
      <section id="warranty" aria-labelledby="warranty-heading" className="grid scroll-mt-24 gap-2">
        <h2 id="warranty-heading" className="text-lg font-bold text-slate-900">
          {words.warrantyVisitHeading}
        </h2>
        <p className="text-slate-700">
          <strong>{words.noCharge}</strong> {words.comeBack(view.visit?.text ?? null)}
          {warranty.ends ? words.guaranteedUntil(warranty.ends) : "."}
        </p>
        {warranty.problem ? (
          <div className="grid gap-1">
            <h3 className="text-sm font-semibold text-slate-900">{words.callbackTold}</h3>
            <p className="[overflow-wrap:anywhere] whitespace-pre-line text-slate-700">
              {warranty.problem}
            </p>
          </div>
        ) : null}
      </section>
    );
  }
  if (warranty.state === "ended") {
    return (
      <section aria-labelledby="warranty-heading" className="grid gap-3">
        <h2 id="warranty-heading" className="text-lg font-bold text-slate-900">
          {words.anotherRepair}
        </h2>
        {warranty.ends ? (
          <p className="text-slate-700">{words.warrantyEnded(warranty.ends)}</p>
        ) : null}
        <Link to={view.bookAgainHref} className={cn(buttonVariants(), "justify-self-start")}>
          {words.bookNewRepair}
        </Link>
      </section>
    );
  }
  const answered = result?.form === "warranty-callback" ? result : undefined;
  const offered =
    answered && "openWindows" in answered && answered.openWindows?.length
      ? answered.openWindows
      : warranty.options;
  const errors = checked ?? (answered?.status === "invalid" ? (answered.fieldErrors ?? {}) : {});
  const refusal = answered?.status !== "success" ? answered?.message : undefined;
  // One photo comes with the booking while the request has room for it (./request-changes.tsx).
  const photoRoom = view.canAddPhotos && view.photos.stored < view.photos.max;

  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    const found = pageFieldErrorsIn(
      problemsBeforeSending(event.currentTarget, view.photos.stored),
      view.locale,
    );
    const [first] = Object.keys(found).filter((name) => found[name]);
    setChecked(first ? found : null);
    if (!first) return;
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem(first);
    if (field instanceof HTMLElement) field.focus();
  }

  return (
    <section id="warranty" aria-labelledby="warranty-heading" className="grid scroll-mt-24 gap-4">
      <h2 id="warranty-heading" className="text-lg font-bold text-slate-900">
        {words.sameProblem}
      </h2>
      <p className="text-slate-700">
        {words.warrantyOffer.until}
        <strong>{warranty.ends}</strong>
        {words.warrantyOffer.comesBack}
        <strong>{words.warrantyOffer.noCharge}</strong>
        {words.warrantyOffer.rest}
      </p>
      <Form
        method="post"
        action="#warranty"
        encType="multipart/form-data"
        noValidate
        className="grid gap-4"
        onSubmit={checkBeforeSending}
      >
        <input type="hidden" name="intent" value="warranty-callback" />
        <Field
          label={words.callbackProblem}
          hint={words.callbackProblemHint}
          error={errors.problem}
          markedRequired
        >
          {(wiring) => (
            <Textarea
              {...wiring}
              name={callbackFields.problem}
              rows={4}
              required
              maxLength={maxCallbackProblemLength}
              defaultValue={answered?.values?.problem ?? ""}
              onChange={() => setChecked({})}
            />
          )}
        </Field>
        {photoRoom ? (
          <Field label={words.callbackPhoto} hint={words.callbackPhotoHint} error={errors.photo}>
            {(wiring) => (
              <input
                {...wiring}
                type="file"
                name={callbackFields.photo}
                accept={photoAccept}
                onChange={() => setChecked({})}
                className={cn(fieldControlClass, "min-w-0 p-2")}
              />
            )}
          </Field>
        ) : null}
        <WindowChoices view={view} offered={offered} legend={words.warrantyLegend} marked={null} />
        {offered.length > 0 ? (
          <Button
            type="submit"
            className="justify-self-start"
            loading={
              navigation.state === "submitting" &&
              navigation.formData?.get("intent") === "warranty-callback"
            }
          >
            {words.bookWarranty}
          </Button>
        ) : null}
        {refusal ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {refusal}
          </p>
        ) : null}
      </Form>
    </section>
  );
}
