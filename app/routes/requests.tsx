import { useState, type FormEvent } from "react";
import { data, Form, Link, useNavigation } from "react-router";

import { PageHeader, Section } from "~/components/page-parts";
import { Button, buttonVariants } from "~/components/ui/button";
import {
  maxPhotoBytes,
  maxPhotos,
  photoAccept,
  photoMessages,
  photoProblemBeforeUpload,
} from "~/domain/photos";
import {
  requestIntents,
  type RequestActionResult,
  type RequestIntent,
  type RequestPageView,
} from "~/domain/request-page";
import { actionRetryAfter } from "~/lib/action-headers";
import {
  BodyTooLarge,
  formDataWithin,
  isMultipart,
  spoolMultipart,
  type SpooledForm,
} from "~/lib/bounded-body.server";
import { noPlaceHeldMessage } from "~/lib/form-result";
import { pageMeta } from "~/lib/meta";
import { cn } from "~/lib/utils";

import { servicesOf } from "~/services.server";

import type { Route } from "./+types/requests";

/** Photos plus the form's own fields: anything larger is refused before it is read. */
const maxUploadBytes = maxPhotos * maxPhotoBytes + 64 * 1024;
/** The cancel and move forms: an intent and a window. */
const maxChangeFormBytes = 16 * 1024;

const privateHeaders = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

// The token is in the address: server/security.ts sends it with `Referrer-Policy: no-referrer`.
// A refusal past a budget keeps its Retry-After, with or without JavaScript.
export function headers(args: Route.HeadersArgs) {
  const headers = actionRetryAfter(args);
  for (const [name, value] of Object.entries(privateHeaders)) headers.set(name, value);
  return headers;
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(
      {
        title: "Your Repair Request",
        description: "Follow, change or cancel your appliance repair visit.",
        path: "/requests",
        noindex: true,
      },
      matches,
    ),
    { name: "referrer", content: "no-referrer" },
  ];
}

// Reads only: an email scanner or link preview that opens the link changes nothing.
export async function loader({ params, context }: Route.LoaderArgs) {
  const view = await servicesOf(context).requests.view(params.token);
  if (!view) throw data("Not found", { status: 404, headers: privateHeaders });
  return data(view, { headers: privateHeaders });
}

function isIntent(value: unknown): value is RequestIntent {
  return requestIntents.includes(value as RequestIntent);
}

function answer(result: RequestActionResult, status = 200, retryAfterSeconds?: number) {
  const headers =
    retryAfterSeconds === undefined
      ? privateHeaders
      : { ...privateHeaders, "Retry-After": String(retryAfterSeconds) };
  return data(result, { status, headers });
}

function notFound(): never {
  throw data("Not found", { status: 404, headers: privateHeaders });
}

const chooseWhatToDo = () =>
  answer({ intent: "cancel-ask", ok: false, message: "Choose what to do." }, 400);

/** Past a budget: 429 (503 when the server is too busy for it now), Retry-After and the words. */
function refused(
  intent: RequestIntent,
  outcome: { reason: "limited" | "busy"; message: string; retryAfterSeconds: number },
) {
  return answer(
    { intent, ok: false, message: outcome.message },
    outcome.reason === "busy" ? 503 : 429,
    outcome.retryAfterSeconds,
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // The photo form is the page's only multipart one: its body is streamed to disk, not memory.
  if (isMultipart(request)) return addPhotos(request, params.token, context);
  // An unknown link is answered before its body is read.
  if (!(await servicesOf(context).requests.exists(params.token))) notFound();
  let form: FormData;
  try {
    form = await formDataWithin(request, maxChangeFormBytes);
  } catch {
    return chooseWhatToDo();
  }
  return change(form, params.token, context);
}

/** Cancel (asked, then confirmed) and move: each counted against the day's changes. */
async function change(
  form: { get(name: string): FormDataEntryValue | null },
  token: string,
  context: Route.ActionArgs["context"],
) {
  const { requests, clientAddress } = servicesOf(context);
  const intent = form.get("intent");
  if (!isIntent(intent)) return chooseWhatToDo();
  switch (intent) {
    case "cancel-ask":
      return answer({ intent });
    case "cancel": {
      const outcome = await requests.cancel(token, clientAddress);
      if (outcome.ok) return answer({ intent, ok: true });
      if (outcome.reason === "not-found") notFound();
      if (outcome.reason === "limited" || outcome.reason === "busy") {
        return refused(intent, outcome);
      }
      return answer({ intent, ok: false, message: outcome.message ?? "" }, 409);
    }
    case "reschedule": {
      const choice = form.get("window");
      const outcome = await requests.reschedule(
        token,
        typeof choice === "string" ? choice : "",
        clientAddress,
      );
      if (outcome.ok) return answer({ intent, ok: true });
      if (outcome.reason === "not-found") notFound();
      if (outcome.reason === "limited" || outcome.reason === "busy") {
        return refused(intent, outcome);
      }
      return answer(
        {
          intent,
          ok: false,
          message: outcome.message,
          ...(outcome.reason === "full" ? { openWindows: outcome.openWindows } : {}),
        },
        outcome.reason === "invalid" ? 400 : 409,
      );
    }
    case "photos":
      return answer({ intent, ok: false, message: photoMessages.none }, 400);
  }
}

/**
 * Photos: the request's turn and the address's photos are taken before the body is read (a
 * refusal reads nothing), the body is streamed to temporary files within bounds, and the turn
 * is given back however the upload ends.
 */
async function addPhotos(request: Request, token: string, context: Route.ActionArgs["context"]) {
  const { requests, clientAddress } = servicesOf(context);
  const begun = await requests.beginUpload(token, clientAddress);
  if (!begun.ok) {
    if (begun.reason === "not-found") notFound();
    if (begun.reason === "invalid") {
      return answer({ intent: "photos", ok: false, message: begun.message }, 400);
    }
    return refused("photos", begun);
  }
  const { upload } = begun;
  const tooLarge = () =>
    answer(
      {
        intent: "photos",
        ok: false,
        message: `Add at most ${maxPhotos} photos of 10 MB each at a time.`,
      },
      413,
    );
  let form: SpooledForm | null = null;
  try {
    if (Number(request.headers.get("Content-Length") ?? "0") > maxUploadBytes) return tooLarge();
    try {
      form = await spoolMultipart(request, {
        maxBytes: maxUploadBytes,
        maxFileBytes: maxPhotoBytes,
        maxFiles: maxPhotos,
      });
    } catch (error) {
      return error instanceof BodyTooLarge ? tooLarge() : chooseWhatToDo();
    }
    if (form.fields.get("intent") !== "photos") {
      await upload.end();
      return change(form.fields, token, context);
    }
    const [oversized] = form.oversized;
    const problem =
      oversized !== undefined
        ? photoMessages.tooLarge(oversized)
        : form.extraFiles > 0
          ? photoMessages.tooMany
          : null;
    if (problem) return answer({ intent: "photos", ok: false, message: problem }, 400);
    const outcome = await upload.add(form.files);
    if (outcome.ok) return answer({ intent: "photos", ok: true, added: outcome.added });
    if (outcome.reason === "not-found") notFound();
    if (outcome.reason === "limited" || outcome.reason === "busy") {
      return refused("photos", outcome);
    }
    return answer({ intent: "photos", ok: false, message: outcome.message }, 400);
  } finally {
    await form?.dispose();
    await upload.end();
  }
}

export default function RequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const view = loaderData;
  const result = actionData;
  return (
    <>
      <PageHeader title="Your repair request" />
      <Section>
        <div className="grid max-w-3xl gap-8">
          <Outcome result={result} view={view} />
          <Summary view={view} />
          <Timeline view={view} />
          {result?.intent === "cancel-ask" ? <CancelConfirmation view={view} /> : null}
          <Changes view={view} result={result} />
          <Photos view={view} result={result} />
        </div>
      </Section>
    </>
  );
}

function Outcome({
  result,
  view,
}: {
  result: RequestActionResult | undefined;
  view: RequestPageView;
}) {
  if (!result || result.intent === "cancel-ask") return null;
  const ok = "ok" in result && result.ok;
  // A refused photo is answered under its field.
  if (!ok && result.intent === "photos") return null;
  const text = ok
    ? result.intent === "cancel"
      ? "Your visit is cancelled. We have let the office know."
      : result.intent === "reschedule"
        ? `Your visit is moved to ${view.visit?.text ?? "the new window"}. The office will confirm it.`
        : `Thank you: ${"added" in result ? result.added : ""} photo${"added" in result && result.added === 1 ? "" : "s"} added for the technician.`
    : "message" in result
      ? result.message
      : "";
  return (
    <p
      role={ok ? "status" : "alert"}
      className={cn(
        "rounded-lg border px-4 py-3 font-medium",
        ok
          ? "border-green-300 bg-green-50 text-green-900"
          : "border-red-300 bg-red-50 text-red-900",
      )}
    >
      {text}
    </p>
  );
}

function Summary({ view }: { view: RequestPageView }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-xl font-bold text-slate-900">{view.appliance} repair</h2>
      <dl className="mt-4 grid gap-3 text-slate-800 sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold">Visit</dt>
        <dd>
          {view.visit ? (
            <>
              {view.visit.text}{" "}
              <span className="text-slate-600">
                ({view.visit.confirmed ? "confirmed" : "requested"})
              </span>
              {view.visit.placeHeld ? null : (
                <span className="block font-semibold">{noPlaceHeldMessage}</span>
              )}
            </>
          ) : (
            "We will call you to choose a time."
          )}
        </dd>
        <dt className="font-semibold">Address</dt>
        <dd>{view.address}</dd>
        <dt className="font-semibold">Office</dt>
        <dd>
          {view.office.name},{" "}
          <a
            className="font-semibold text-brand-800 underline"
            href={`tel:${view.office.phoneForCall}`}
          >
            {view.office.phone}
          </a>{" "}
          <span className="text-slate-600">({view.office.hours})</span>
        </dd>
      </dl>
    </div>
  );
}

function Timeline({ view }: { view: RequestPageView }) {
  const order = view.timeline.map((entry) => entry.step);
  const reached = order.indexOf(view.step);
  return (
    <section aria-labelledby="status-heading">
      <h2 id="status-heading" className="text-lg font-bold text-slate-900">
        Status
      </h2>
      <ol className="mt-3 grid gap-3">
        {view.timeline.map((entry, index) => {
          const done = index <= reached;
          const current = index === reached;
          return (
            <li
              key={entry.step}
              aria-current={current ? "step" : undefined}
              className="flex items-start gap-3"
            >
              <span
                aria-hidden="true"
                className={cn(
                  "mt-1 size-4 shrink-0 rounded-full border-2",
                  done ? "border-brand-700 bg-brand-700" : "border-slate-400 bg-white",
                )}
              />
              <span>
                <span
                  className={cn("block", done ? "font-semibold text-slate-900" : "text-slate-600")}
                >
                  {entry.label}
                  {done ? null : <span className="sr-only"> (not yet)</span>}
                </span>
                {entry.at ? <span className="text-sm text-slate-600">{entry.at}</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function CancelConfirmation({ view }: { view: RequestPageView }) {
  const navigation = useNavigation();
  if (!view.canCancel) return null;
  return (
    <section
      aria-labelledby="cancel-heading"
      className="rounded-xl border border-red-200 bg-red-50 p-6"
    >
      <h2 id="cancel-heading" className="text-lg font-bold text-red-900">
        Cancel this visit?
      </h2>
      <p className="mt-2 text-red-900">
        The office will free the time for someone else. You can always book a new visit.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <Button type="submit" variant="destructive" loading={navigation.state === "submitting"}>
            Yes, cancel the visit
          </Button>
        </Form>
        <Link to="." replace className={buttonVariants({ variant: "outline" })}>
          Keep my visit
        </Link>
      </div>
    </section>
  );
}

function Changes({
  view,
  result,
}: {
  view: RequestPageView;
  result: RequestActionResult | undefined;
}) {
  const navigation = useNavigation();
  if (view.tooLateToChange) {
    return (
      <p className="rounded-lg bg-amber-50 px-4 py-3 text-amber-950">
        Your visit starts soon. To change or cancel it, please call{" "}
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
        Change your visit
      </h2>
      {view.canReschedule ? (
        <Form method="post" className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <input type="hidden" name="intent" value="reschedule" />
          <label className="grid gap-1.5 text-sm font-semibold text-slate-900">
            Move to another open window
            <select
              name="window"
              required
              className="h-10 w-full max-w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-base font-normal"
              defaultValue=""
            >
              <option value="" disabled>
                Choose a day and window
              </option>
              {offered.map((option) => (
                <option
                  key={`${option.date}/${option.window}`}
                  value={`${option.date}/${option.window}`}
                >
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          <Button
            type="submit"
            loading={
              navigation.state === "submitting" &&
              navigation.formData?.get("intent") === "reschedule"
            }
          >
            Move my visit
          </Button>
        </Form>
      ) : null}
      {view.canCancel ? (
        <Form method="post">
          <input type="hidden" name="intent" value="cancel-ask" />
          <Button type="submit" variant="outline">
            Cancel this visit
          </Button>
        </Form>
      ) : null}
    </section>
  );
}

function Photos({
  view,
  result,
}: {
  view: RequestPageView;
  result: RequestActionResult | undefined;
}) {
  const navigation = useNavigation();
  const [problemBeforeUpload, setProblemBeforeUpload] = useState<string | null>(null);
  if (!view.canAddPhotos) return null;
  const left = view.photos.max - view.photos.stored;
  const answered =
    result?.intent === "photos" && "message" in result && !result.ok ? result.message : null;
  const error = problemBeforeUpload ?? answered;

  // With scripts, a file the server would refuse is told at once instead of after its upload.
  function checkBeforeUpload(event: FormEvent<HTMLFormElement>) {
    const input = event.currentTarget.elements.namedItem("photos");
    if (!(input instanceof HTMLInputElement)) return;
    const problem = photoProblemBeforeUpload(Array.from(input.files ?? []), view.photos.stored);
    setProblemBeforeUpload(problem);
    if (problem) {
      event.preventDefault();
      input.focus();
    }
  }
  return (
    <section aria-labelledby="photos-heading" className="grid gap-3">
      <h2 id="photos-heading" className="text-lg font-bold text-slate-900">
        Photos for the technician
      </h2>
      <p className="text-slate-700">
        A photo of the error code, the model plate or the problem helps us bring the right part.{" "}
        {view.photos.stored} of {view.photos.max} added.
      </p>
      {left > 0 ? (
        <Form
          method="post"
          encType="multipart/form-data"
          className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
          onSubmit={checkBeforeUpload}
        >
          <input type="hidden" name="intent" value="photos" />
          <div className="grid gap-1.5">
            <label className="grid gap-1.5 text-sm font-semibold text-slate-900">
              Add up to {left} photo{left === 1 ? "" : "s"} (JPEG, PNG or WebP, 10 MB each)
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
            Add photos
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
