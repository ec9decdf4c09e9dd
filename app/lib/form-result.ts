import type { OpenWindow } from "~/domain/availability";

/** What a repeat request is told: nothing of the first request, which may be someone else's. */
export const repeatRequestMessage =
  "We already have a request for this phone number. We'll call you to confirm.";

/** What a service request that holds no window place is told (its client holds too many). */
export const noPlaceHeldMessage = "We'll call you to confirm a time.";

/** The three kinds of lead a visitor can send. */
export type LeadKind = "serviceRequest" | "contactMessage" | "newsletter";

export type FieldErrors = Partial<Record<string, string>>;

/**
 * What a form's route action answers, with or without JavaScript. The typed values come back
 * in the response body (never in a URL) so a page rendered without JavaScript can keep them;
 * `kind` says which form it answers (a page can hold two kinds, e.g. the dialog over home).
 */
export type FormResult = { kind: LeadKind; values: Record<string, string> } & (
  | {
      status: "success";
      /** A service request's private page, where the homeowner follows and changes it. */
      requestUrl?: string;
      /** The same phone asked for the same appliance within a day: the first request was updated. */
      duplicate?: boolean;
      /** The request was stored without holding its window's place: the office calls to confirm. */
      placeHeld?: false;
      /** What the visitor is told besides the toast (a repeat, no place held). */
      message?: string;
    }
  | {
      status: "invalid";
      errors: FieldErrors;
      /** The chosen arrival window filled up meanwhile (409): the next open ones. */
      openWindows?: OpenWindow[];
    }
  /** The server could not take it now (database down, too many requests): try again later. */
  | { status: "failed" }
  /** Only in the browser: the request never got an answer. */
  | { status: "exception" }
);
