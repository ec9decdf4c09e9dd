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
 * What every form's action answers, with or without JavaScript: the public lead forms, the
 * desk's forms and the private page's. `form` says which form it answers (a page can hold
 * several: the dialog over home, a desk page's one form per staff member); what was typed comes
 * back in the body (never in a URL) so a page rendered without JavaScript can keep it.
 * - `success`: done; `message` says what happened where the page shows it.
 * - `invalid`: the person can fix it: a message per field, or one `message` for the form (a 4xx).
 * - `failed`: the server could not take it now (database down, too many requests): try later.
 * - `exception`: only in the browser, when the request never got an answer.
 */
export type FormResult<Form extends string = string, Success = unknown, Invalid = unknown> = {
  form: Form;
  values?: Record<string, string>;
  message?: string;
} & (
  | ({ status: "success" } & Success)
  | ({ status: "invalid"; fieldErrors?: FieldErrors } & Invalid)
  | { status: "failed" }
  | { status: "exception" }
);

/** A public lead form's result: the typed values always come back. */
export type LeadFormResult = FormResult<
  LeadKind,
  {
    /** A service request's private page, where the homeowner follows and changes it. */
    requestUrl?: string;
    /** A service request's short reference ("R-7K3F"). */
    reference?: string;
    /** The same phone asked for the same appliance within a day: the first request was updated. */
    duplicate?: boolean;
    /** The request was stored without holding its window's place: the office calls to confirm. */
    placeHeld?: false;
  },
  {
    /** The chosen arrival window filled up meanwhile (409): the next open ones. */
    openWindows?: OpenWindow[];
  }
> & { values: Record<string, string> };

/** The answer's field messages (none unless it is `invalid`). */
export function fieldErrorsIn(result: FormResult | undefined): FieldErrors {
  return (result?.status === "invalid" && result.fieldErrors) || {};
}
