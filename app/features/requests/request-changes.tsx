import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, useNavigation } from "react-router";

import { Button } from "~/components/ui/button";
import { photoAccept, photoProblemBeforeUpload } from "~/domain/photos";
import type { RequestPageResult, RequestPageView } from "~/domain/request-page";
import { pageAnswerIn } from "~/domain/request-page-answers";
import { requestPageWords } from "~/domain/request-page-words";

import { PhotoThumbnails } from "./photo-thumbnails";
import { WindowChoices } from "./window-choices";

/** A form emptied once its own POST succeeded, so what was sent is not left chosen. */
function useResetAfter(result: RequestPageResult | undefined, form: RequestPageResult["form"]) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result?.form === form && result.status === "success") ref.current?.reset();
  }, [result, form]);
  return ref;
}

// What the homeowner can do on the private page: move or cancel the visit, add photos. Plain
// form posts (server/requests/page-actions.server.ts answers them), with or without JavaScript.

export function Changes({
  view,
  result,
}: {
  view: RequestPageView;
  result: RequestPageResult | undefined;
}) {
  const navigation = useNavigation();
  const moveForm = useResetAfter(result, "reschedule");
  const words = requestPageWords[view.locale];
  if (view.tooLateToChange) {
    return (
      <p className="rounded-lg bg-amber-50 px-4 py-3 text-amber-950">
        {words.startsSoon}{" "}
        <a className="font-semibold underline" href={`tel:${view.office.phoneForCall}`}>
          {view.office.phone}
        </a>
        .
      </p>
    );
  }
  if (!view.canReschedule && !view.canCancel) return null;
  const offered =
    result && "openWindows" in result && result.openWindows?.length
      ? result.openWindows
      : view.rescheduleOptions;
  return (
    <section aria-labelledby="change-heading" className="grid gap-4">
      <h2 id="change-heading" className="text-lg font-bold text-slate-900">
        {words.changeHeading}
      </h2>
      {view.canReschedule ? (
        <Form ref={moveForm} method="post" className="grid gap-4">
          <input type="hidden" name="intent" value="reschedule" />
          <WindowChoices view={view} offered={offered} />
          <Button
            type="submit"
            className="justify-self-start"
            loading={
              navigation.state === "submitting" &&
              navigation.formData?.get("intent") === "reschedule"
            }
          >
            {words.moveButton}
          </Button>
        </Form>
      ) : null}
      {view.canCancel ? (
        <Form method="post">
          <input type="hidden" name="intent" value="cancel-ask" />
          <Button type="submit" variant="outline">
            {words.cancelButton}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}

export function Photos({
  view,
  result,
}: {
  view: RequestPageView;
  result: RequestPageResult | undefined;
}) {
  const navigation = useNavigation();
  const uploadForm = useResetAfter(result, "photos");
  const [problemBeforeUpload, setProblemBeforeUpload] = useState<string | null>(null);
  const words = requestPageWords[view.locale];
  if (!view.canAddPhotos) {
    // No more to add (after Can't fix, a cancellation): the ones sent stay in view.
    if (view.photos.stored === 0) return null;
    return (
      <section aria-labelledby="photos-heading" className="grid gap-3">
        <h2 id="photos-heading" className="text-lg font-bold text-slate-900">
          {words.yourPhotos}
        </h2>
        <PhotoThumbnails photos={view.photos.items} />
      </section>
    );
  }
  const left = view.photos.max - view.photos.stored;
  const answered =
    result?.form === "photos" && result.status !== "success" ? (result.message ?? null) : null;
  const error = problemBeforeUpload ?? answered;

  // With scripts, a file the server would refuse is told at once instead of after its upload.
  function checkBeforeUpload(event: FormEvent<HTMLFormElement>) {
    const input = event.currentTarget.elements.namedItem("photos");
    if (!(input instanceof HTMLInputElement)) return;
    const problem = photoProblemBeforeUpload(Array.from(input.files ?? []), view.photos.stored);
    setProblemBeforeUpload(problem === null ? null : pageAnswerIn(problem, view.locale));
    if (problem) {
      event.preventDefault();
      input.focus();
    }
  }
  return (
    <section aria-labelledby="photos-heading" className="grid gap-3">
      <h2 id="photos-heading" className="text-lg font-bold text-slate-900">
        {words.photosHeading}
      </h2>
      <p className="text-slate-700">{words.photosNote(view.photos.stored, view.photos.max)}</p>
      <PhotoThumbnails photos={view.photos.items} />
      {left > 0 ? (
        <Form
          ref={uploadForm}
          method="post"
          encType="multipart/form-data"
          className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
          onSubmit={checkBeforeUpload}
        >
          <input type="hidden" name="intent" value="photos" />
          <div className="grid gap-1.5">
            <label className="grid gap-1.5 text-sm font-semibold text-slate-900">
              {words.addPhotosLabel(left)}
              <input
                type="file"
                name="photos"
                accept={photoAccept}
                multiple
                required
                onChange={() => setProblemBeforeUpload(null)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "photos-error" : undefined}
                className="w-full min-w-0 rounded-md border border-slate-300 bg-white p-2 text-base font-normal"
              />
            </label>
            {error ? (
              <p id="photos-error" role="alert" className="text-sm text-red-800">
                {error}
              </p>
            ) : null}
          </div>
          <Button
            type="submit"
            variant="outline"
            loading={
              navigation.state === "submitting" && navigation.formData?.get("intent") === "photos"
            }
          >
            {words.addPhotos}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
