/**
 * What a staff member changes on their account page (routes/office.account.tsx): their
 * password, and the authenticator app (started with the password, confirmed with a code,
 * stopped with the password). Every check of the current password counts in the person's
 * sign-in limit first; a change answers with better-auth's new session cookie.
 */
import { data } from "react-router";

import { passwordChangeSchema } from "~/domain/staff";
import type { PostedForm } from "~/lib/bounded-body.server";
import { fieldErrorsOf } from "~/lib/field-errors";
import type { FormResult } from "~/lib/form-result";

import type { DeskServices } from "./desk-services";
import type { StaffMember } from "./staff-accounts.server";
import {
  changePassword,
  cookiesOf,
  countCurrentPasswordCheck,
  startTwoFactor,
  stopTwoFactor,
  verifyCode,
} from "./staff-sessions.server";

export type AccountPageResult = FormResult<
  "password" | "two-factor",
  {
    /** While turning the authenticator on: what to enter in the app, and the backup codes. */
    setup?: { secret: string; uri: string; backupCodes: string[] };
  }
>;

/** Who changes their account, from where, with which request's session cookie. */
export interface AccountHolder {
  staff: StaffMember;
  clientAddress: string;
  request: Request;
}

const answer = (result: AccountPageResult, init?: { status?: number; headers?: HeadersInit }) =>
  data(result, init);

const refuse = (form: AccountPageResult["form"], field: string, message: string) =>
  answer({ form, status: "invalid", fieldErrors: { [field]: message } }, { status: 400 });

/** The secret of an otpauth:// link, for typing into an app by hand. */
function secretOf(totpURI: string) {
  return new URL(totpURI).searchParams.get("secret") ?? "";
}

/** Past the sign-in limit, the password field says so: 429 with Retry-After. */
function tooManyAttempts(
  form: AccountPageResult["form"],
  limited: { retryAfterSeconds: number; message: string },
) {
  const field = form === "password" ? "currentPassword" : "twoFactorPassword";
  return answer(
    { form, status: "invalid", fieldErrors: { [field]: limited.message } },
    { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
  );
}

export async function accountPageAction(
  form: PostedForm,
  desk: DeskServices,
  { staff, clientAddress, request }: AccountHolder,
) {
  const intent = form.text("intent") || "password";
  const countCheck = () => countCurrentPasswordCheck(desk, staff, clientAddress);
  if (intent === "two-factor-start") {
    const check = await countCheck();
    if (check.retryAfterSeconds > 0) return tooManyAttempts("two-factor", check);
    const started = await startTwoFactor(desk.auth, request, form.text("password"));
    if (!started) return refuse("two-factor", "twoFactorPassword", "That is not your password");
    await check.passed();
    const setup = {
      secret: secretOf(started.totpURI),
      uri: started.totpURI,
      backupCodes: started.backupCodes,
    };
    return answer(
      { form: "two-factor", status: "success", setup },
      { headers: cookiesOf(started.headers) },
    );
  }
  if (intent === "two-factor-confirm") {
    const code = form.text("code").replace(/\s/g, "");
    const headers = /^\d{6}$/.test(code) ? await verifyCode(desk, request, code) : null;
    if (!headers) {
      return refuse(
        "two-factor",
        "code",
        "That code is not right: set up the app again and try the newest code",
      );
    }
    return answer(
      {
        form: "two-factor",
        status: "success",
        message: "Sign-in now asks for a code from your app.",
      },
      { headers: cookiesOf(headers) },
    );
  }
  if (intent === "two-factor-stop") {
    const check = await countCheck();
    if (check.retryAfterSeconds > 0) return tooManyAttempts("two-factor", check);
    const headers = await stopTwoFactor(desk.auth, request, form.text("password"));
    if (!headers) return refuse("two-factor", "twoFactorPassword", "That is not your password");
    await check.passed();
    return answer(
      { form: "two-factor", status: "success", message: "Sign-in no longer asks for a code." },
      { headers: cookiesOf(headers) },
    );
  }
  const parsed = passwordChangeSchema.safeParse({
    currentPassword: form.text("currentPassword"),
    password: form.text("password"),
    repeat: form.text("repeat"),
  });
  if (!parsed.success) {
    return answer(
      { form: "password", status: "invalid", fieldErrors: fieldErrorsOf(parsed.error) },
      { status: 400 },
    );
  }
  const check = await countCheck();
  if (check.retryAfterSeconds > 0) return tooManyAttempts("password", check);
  const { currentPassword, password } = parsed.data;
  const headers = await changePassword(desk.auth, request, currentPassword, password);
  if (!headers) {
    return refuse("password", "currentPassword", "That is not your current password");
  }
  await check.passed();
  return answer(
    {
      form: "password",
      status: "success",
      message: "Password changed. Every other session of yours has ended.",
    },
    { headers: cookiesOf(headers) },
  );
}
