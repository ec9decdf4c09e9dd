import { data } from "react-router";

import { maxPhotoBytes, maxPhotos, photoMessages } from "~/domain/photos";
import { requestIntents, type RequestPageResult, type RequestIntent } from "~/domain/request-page";
import { pageAnswerIn, pageFieldErrorsIn } from "~/domain/request-page-answers";
import { reviewFields } from "~/domain/reviews";
import { callbackFields, callbackProblemSchema, warrantyMessages } from "~/domain/warranty";
import {
  BodyTooLarge,
  formBodyLimitBytes,
  postedForm,
  type PostedForm,
  isMultipart,
  spoolMultipart,
  type SpooledForm,
} from "~/lib/bounded-body.server";
import type { Locale } from "~/lib/locale";

import type { HomeownerRequests, Upload } from "./homeowner-requests";

/** Photos plus the form's own fields: anything larger is refused before it is read. */
const maxUploadBytes = maxPhotos * maxPhotoBytes + 64 * 1024;
/** The cancel and move forms: an intent and a window (the warranty callback's words too). */
const maxChangeFormBytes = 16 * 1024;

export const privateHeaders = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

function isIntent(value: unknown): value is RequestIntent {
  return requestIntents.includes(value as RequestIntent);
}

function answer(result: RequestPageResult, status = 200, retryAfterSeconds?: number) {
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
  answer({ form: "cancel-ask", status: "invalid", message: "Choose what to do." }, 400);

/**
 * Past a budget: 429 (503 when the server is too busy for it now), Retry-After and the words;
 * what was typed (`values`) comes back with them.
 */
function refused(
  intent: RequestIntent,
  outcome: { reason: "limited" | "busy"; message: string; retryAfterSeconds: number },
  values?: Record<string, string>,
) {
  return answer(
    { form: intent, status: "failed", message: outcome.message, ...(values ? { values } : {}) },
    outcome.reason === "busy" ? 503 : 429,
    outcome.retryAfterSeconds,
  );
}

type WindowChoiceOutcome =
  | Awaited<ReturnType<HomeownerRequests["reschedule"]>>
  | Awaited<ReturnType<HomeownerRequests["bookWarrantyCallback"]>>;

/**
 * A change that chose a window (a move, a warranty callback): done, or refused and why (under
 * its field when it is about one); `values`, what was typed, comes back with a refusal.
 */
function windowChoiceAnswer(
  intent: RequestIntent,
  outcome: WindowChoiceOutcome,
  values?: Record<string, string>,
) {
  if (outcome.ok) return answer({ form: intent, status: "success" });
  if (outcome.reason === "not-found") notFound();
  if (outcome.reason === "limited" || outcome.reason === "busy") {
    return refused(intent, outcome, values);
  }
  const field = "field" in outcome ? outcome.field : undefined;
  return answer(
    {
      form: intent,
      status: "invalid",
      values,
      ...(field ? { fieldErrors: { [field]: outcome.message } } : { message: outcome.message }),
      // A full window: the next open ones, to choose from at once.
      ...(outcome.reason === "full" ? { openWindows: outcome.openWindows } : {}),
    },
    outcome.reason === "invalid" ? 400 : 409,
  );
}

/** Who acts on a private page: the requests, and the visitor's address their budgets count. */
export interface PageVisitor {
  requests: HomeownerRequests;
  clientAddress: string;
}

/**
 * The private page's form posts: cancel (asked, then confirmed), move, add photos. Each answer
 * is the page's result with its status (429 or 503 with Retry-After past a budget); an unknown
 * link is a 404 before its body is read.
 */
export async function requestPageAction(request: Request, token: string, visitor: PageVisitor) {
  // An unknown link is answered before its body is read.
  const locale = await visitor.requests.languageOf(token);
  if (!locale) notFound();
  return inLanguage(await post(request, token, visitor), locale);
}

async function post(request: Request, token: string, visitor: PageVisitor) {
  // The photo form and the warranty callback's (words and a photo) are the page's multipart
  // ones: their bodies are streamed to disk, not memory.
  if (isMultipart(request)) return multipartPost(request, token, visitor);
  let form: PostedForm;
  try {
    form = await postedForm(request, maxChangeFormBytes);
  } catch {
    return chooseWhatToDo();
  }
  return change(form.text, token, visitor);
}

/** The answer in the request's language (issue 39): its message and its fields' messages. */
function inLanguage(answered: ReturnType<typeof answer>, locale: Locale) {
  if (locale === "en") return answered;
  const result = answered.data;
  return data(
    {
      ...result,
      ...(result.message === undefined ? {} : { message: pageAnswerIn(result.message, locale) }),
      ...("fieldErrors" in result && result.fieldErrors
        ? { fieldErrors: pageFieldErrorsIn(result.fieldErrors, locale) }
        : {}),
    } as RequestPageResult,
    answered.init ?? undefined,
  );
}

/** Cancel (asked, then confirmed) and move: each counted against the day's changes. */
async function change(
  text: PostedForm["text"],
  token: string,
  { requests, clientAddress }: PageVisitor,
) {
  const intent = text("intent");
  if (!isIntent(intent)) return chooseWhatToDo();
  switch (intent) {
    case "cancel-ask":
      return answer({ form: intent, status: "success" });
    case "cancel": {
      const outcome = await requests.cancel(token, clientAddress);
      if (outcome.ok) return answer({ form: intent, status: "success" });
      if (outcome.reason === "not-found") notFound();
      if (outcome.reason === "limited" || outcome.reason === "busy") {
        return refused(intent, outcome);
      }
      return answer({ form: intent, status: "invalid", message: outcome.message ?? "" }, 409);
    }
    case "reschedule":
      return windowChoiceAnswer(
        intent,
        await requests.reschedule(token, text("window"), clientAddress),
      );
    case "warranty-callback": {
      // Posted without a photo (the page's form is multipart: see `warrantyCallback` below).
      const problem = text(callbackFields.problem);
      return windowChoiceAnswer(
        intent,
        await requests.bookWarrantyCallback(
          token,
          { window: text("window"), problem },
          clientAddress,
        ),
        { problem },
      );
    }
    case "estimate-approve":
    case "estimate-decline": {
      const name = text("name");
      const decision = intent === "estimate-approve" ? "approved" : "declined";
      // The page posts which writing of the estimate it showed (a page from before it may not).
      const shown = text("estimateVersion");
      const outcome = await requests.answerEstimate(
        token,
        decision,
        name,
        clientAddress,
        shown === "" ? undefined : shown,
      );
      if (outcome.ok) return answer({ form: intent, status: "success" });
      if (outcome.reason === "not-found") notFound();
      if (outcome.reason === "limited" || outcome.reason === "busy") {
        return refused(intent, outcome);
      }
      if (outcome.reason === "invalid") {
        return answer(
          {
            form: intent,
            status: "invalid",
            values: { name },
            fieldErrors: { name: outcome.message },
          },
          400,
        );
      }
      return answer({ form: intent, status: "invalid", message: outcome.message }, 409);
    }
    case "review": {
      const fields = Object.fromEntries(
        Object.values(reviewFields).flatMap((name) =>
          text(name) === "" ? [] : [[name, text(name)]],
        ),
      );
      const outcome = await requests.answerReview(token, fields, clientAddress);
      if (outcome.ok) return answer({ form: intent, status: "success" });
      if (outcome.reason === "not-found") notFound();
      if (outcome.reason === "limited") return refused(intent, outcome);
      if (outcome.reason === "invalid") {
        return answer(
          { form: intent, status: "invalid", fieldErrors: outcome.fieldErrors, values: fields },
          400,
        );
      }
      return answer({ form: intent, status: "invalid", message: outcome.message }, 409);
    }
    case "photos":
      return answer({ form: intent, status: "invalid", message: photoMessages.none }, 400);
    case "texts-off":
    case "texts-on": {
      const outcome = await requests.setTexts(token, intent === "texts-on", clientAddress);
      if (outcome.ok) return answer({ form: intent, status: "success" });
      if (outcome.reason === "not-found") notFound();
      if (outcome.reason === "limited" || outcome.reason === "busy") {
        return refused(intent, outcome);
      }
      return answer({ form: intent, status: "invalid", message: outcome.message ?? "" }, 409);
    }
  }
}

/**
 * The multipart forms (photos; the warranty callback with its photo): the request's turn and the
 * address's photos are taken before the body is read (a refusal reads nothing), the body is
 * streamed to temporary files within bounds, and the turn is given back however the upload ends.
 * When no photo may be added (`noRoom`), only a form's words are read: a body that holds more is
 * refused as the photo form is, unread when its length says so.
 */
async function multipartPost(request: Request, token: string, visitor: PageVisitor) {
  const { requests, clientAddress } = visitor;
  const begun = await requests.beginUpload(token, clientAddress);
  if (!begun.ok) {
    if (begun.reason === "not-found") notFound();
    if (begun.reason === "invalid") {
      return answer({ form: "photos", status: "invalid", message: begun.message }, 400);
    }
    return refused("photos", begun);
  }
  const { upload } = begun;
  const { noRoom } = upload;
  const maxBytes = noRoom ? formBodyLimitBytes : maxUploadBytes;
  const tooLarge = () =>
    noRoom
      ? refused("photos", noRoom)
      : answer(
          {
            form: "photos",
            status: "invalid",
            message: `Add at most ${maxPhotos} photos of 10 MB each at a time.`,
          },
          413,
        );
  let form: SpooledForm | null = null;
  try {
    if (Number(request.headers.get("Content-Length") ?? "0") > maxBytes) return tooLarge();
    try {
      form = await spoolMultipart(request, {
        maxBytes,
        maxFileBytes: maxPhotoBytes,
        maxFiles: noRoom ? 0 : maxPhotos,
      });
    } catch (error) {
      return error instanceof BodyTooLarge ? tooLarge() : chooseWhatToDo();
    }
    const intent = form.fields.get("intent");
    if (intent === "warranty-callback") return await warrantyCallback(form, upload, token, visitor);
    if (intent !== "photos") {
      await upload.end();
      const { fields } = form;
      return change((name) => fields.get(name) ?? "", token, visitor);
    }
    if (noRoom) return refused("photos", noRoom);
    const [oversized] = form.oversized;
    const problem =
      oversized !== undefined
        ? photoMessages.tooLarge(oversized)
        : form.extraFiles > 0
          ? photoMessages.tooMany
          : null;
    if (problem) return answer({ form: "photos", status: "invalid", message: problem }, 400);
    const outcome = await upload.add(form.files);
    if (outcome.ok) return answer({ form: "photos", status: "success", added: outcome.added });
    if (outcome.reason === "not-found") notFound();
    if (outcome.reason === "limited" || outcome.reason === "busy") {
      return refused("photos", outcome);
    }
    return answer({ form: "photos", status: "invalid", message: outcome.message }, 400);
  } finally {
    await form?.dispose();
    await upload.end();
  }
}

/**
 * "Same problem again?" with what went wrong and perhaps one photo of it: the words and the
 * photo's size and count are checked together (each under its field), then the booking reads
 * the photo, within `upload`'s budgets, and stores it with the visit.
 */
async function warrantyCallback(
  form: SpooledForm,
  upload: Upload,
  token: string,
  { requests, clientAddress }: PageVisitor,
) {
  const intent = "warranty-callback";
  const problem = form.fields.get(callbackFields.problem) ?? "";
  const values = { problem };
  const words = callbackProblemSchema.safeParse(problem);
  const [oversized] = form.oversized;
  const sent = form.files.length + form.extraFiles + form.oversized.length;
  if (upload.noRoom && sent > 0) {
    return refused(intent, { ...upload.noRoom, message: warrantyMessages.noPhoto }, values);
  }
  const photoProblem =
    oversized !== undefined
      ? photoMessages.tooLarge(oversized)
      : sent > 1
        ? warrantyMessages.onePhoto
        : null;
  if (!words.success || photoProblem) {
    return answer(
      {
        form: intent,
        status: "invalid",
        values,
        fieldErrors: {
          ...(words.success ? {} : { problem: words.error.issues[0]?.message }),
          ...(photoProblem ? { photo: photoProblem } : {}),
        },
      },
      400,
    );
  }
  const [file] = form.files;
  const outcome = await requests.bookWarrantyCallback(
    token,
    { window: form.fields.get("window") ?? "", problem },
    clientAddress,
    file ? { upload, file } : undefined,
  );
  return windowChoiceAnswer(intent, outcome, values);
}
