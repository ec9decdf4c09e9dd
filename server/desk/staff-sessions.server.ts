import { isAPIError } from "better-auth/api";

import { signInFailedMessage } from "~/domain/sign-in";
import { homeOf } from "~/domain/staff-roles";

import type { DeskServices } from "./desk-services";
import { countPasswordCheck } from "./sign-in-limit";
import { findStaffById, type StaffMember } from "./staff-accounts.server";
import { clientAddressHeader, type StaffAuth } from "./staff-auth";
import { acceptStepOnce } from "./totp-steps";

export type SignInOutcome =
  /** `home`: where the person lands (`homeOf` their role). */
  | { ok: true; headers: Headers; needsCode?: false; home: string }
  /** The password was right; the authenticator app's code comes next (headers: its cookie). */
  | { ok: true; headers: Headers; needsCode: true }
  | { ok: false; status: 401; message: string }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number };

export interface SignedIn {
  staff: StaffMember;
  /** The better-auth session the request's cookie names: its live streams end with it. */
  sessionId: string;
  /** A refreshed session cookie to send back, when better-auth moved the expiry. */
  headers: Headers;
}

export interface SignInAttempt {
  email: string;
  password: string;
  address: string;
  userAgent: string | null;
}

/** Only the cookies of better-auth's answer (a new session, a cleared one), for a desk answer. */
export function cookiesOf(authHeaders: Headers): Headers {
  const headers = new Headers();
  for (const cookie of authHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}
/** Only the cookie of a request goes to better-auth
: the desk decides every other matter. */
function cookieOnly(request: Request) {
  return new Headers({ cookie: request.headers.get("cookie") ?? "" });
}

/** better-auth's refusals (a wrong code or password) as null; its failures still throw. */
async function refusedAsNull<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500) return null;
    throw error;
  }
}

function minutes(seconds: number) {
  const count = Math.max(1, Math.ceil(seconds / 60));
  return `${count} minute${count === 1 ? "" : "s"}`;
}

function tooManyAttempts(retryAfterSeconds: number) {
  return {
    ok: false as const,
    status: 429 as const,
    retryAfterSeconds,
    message: `Too many sign-in attempts. Try again in ${minutes(retryAfterSeconds)}.`,
  };
}

/** A password sign-in, counted in the sign-in limit before the password is checked. */
export async function signIn(
  { db, auth }: Pick<DeskServices, "db" | "auth">,
  { email, password, address, userAgent }: SignInAttempt,
): Promise<SignInOutcome> {
  const attempt = await countPasswordCheck(db, { email, address });
  if (attempt.retryAfterSeconds > 0) return tooManyAttempts(attempt.retryAfterSeconds);
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: new Headers({
        [clientAddressHeader]: address,
        ...(userAgent ? { "user-agent": userAgent.slice(0, 500) } : {}),
      }),
      returnHeaders: true,
    });
    await attempt.passed();
    if ("twoFactorRedirect" in response && response.twoFactorRedirect) {
      return { ok: true, headers, needsCode: true };
    }
    const staff = await findStaffById(db, response.user.id);
    return { ok: true, headers, home: homeOf(staff?.role ?? "dispatcher") };
  } catch (error) {
    // Unknown email, wrong password, a disabled account: one answer for all of them.
    if (!isAPIError(error) || error.statusCode >= 500) throw error;
    return { ok: false, status: 401, message: signInFailedMessage };
  }
}

/**
 * Counts a check of the signed-in person's current password (the account page) in the sign-in
 * limit, before it is made: past it, wait `retryAfterSeconds` and show `message`.
 */
export async function countCurrentPasswordCheck(
  { db }: Pick<DeskServices, "db">,
  staff: StaffMember,
  address: string,
): Promise<{ retryAfterSeconds: number; message: string; passed(): Promise<void> }> {
  const attempt = await countPasswordCheck(db, { email: staff.email, address });
  return {
    retryAfterSeconds: attempt.retryAfterSeconds,
    message: tooManyAttempts(attempt.retryAfterSeconds).message,
    passed: () => attempt.passed(),
  };
}

/** The signed-in staff member of this request, or null (no session, expired, disabled). */
export async function signedIn(
  { db, auth }: Pick<DeskServices, "db" | "auth">,
  request: Request,
): Promise<SignedIn | null> {
  const { response, headers } = await auth.api.getSession({
    headers: cookieOnly(request),
    returnHeaders: true,
  });
  if (!response) return null;
  const staff = await findStaffById(db, response.user.id);
  if (!staff || staff.disabledAt) return null;
  return { staff, sessionId: response.session.id, headers };
}

/**
 * Changes the signed-in person's password and ends their other sessions; the headers carry
 * this browser's new session cookie. Null when the current password is wrong.
 */
export function changePassword(
  auth: StaffAuth,
  request: Request,
  currentPassword: string,
  newPassword: string,
): Promise<Headers | null> {
  return refusedAsNull(async () => {
    const { headers } = await auth.api.changePassword({
      body: { currentPassword, newPassword, revokeOtherSessions: true },
      headers: cookieOnly(request),
      returnHeaders: true,
    });
    return headers;
  });
}

/**
 * An authenticator code: the second step of a sign-in, or the first code that turns the app on.
 * The headers carry the (new) session; null for a wrong code.
 */
export async function verifyCode(
  { db, auth }: Pick<DeskServices, "db" | "auth">,
  request: Request,
  code: string,
): Promise<Headers | null> {
  if (!/^\d{6}$/.test(code)) return null;
  // The second step of a sign-in (no session yet), or the first code of a signed-in person.
  const signingIn = !(await auth.api.getSession({ headers: cookieOnly(request) }));
  return refusedAsNull(async () => {
    const { headers, response } = await auth.api.verifyTOTP({
      body: { code },
      headers: cookieOnly(request),
      returnHeaders: true,
    });
    // A code works once (RFC 6238 section 5.2): a replay's new session is ended at once.
    const accepted = await acceptStepOnce(db, {
      authSecret: (await auth.$context).secret,
      userId: response.user.id,
      code,
      sessionToken: signingIn ? response.token : null,
    });
    return accepted ? headers : null;
  });
}

/** Starts turning the authenticator on: its setup link (otpauth://…) and backup codes. */
export function startTwoFactor(
  auth: StaffAuth,
  request: Request,
  password: string,
): Promise<{ totpURI: string; backupCodes: string[]; headers: Headers } | null> {
  return refusedAsNull(async () => {
    const { headers, response } = await auth.api.enableTwoFactor({
      body: { password, method: "totp" },
      headers: cookieOnly(request),
      returnHeaders: true,
    });
    if (response.method !== "totp") throw new Error("Asked for an authenticator app's setup");
    return { totpURI: response.totpURI, backupCodes: response.backupCodes, headers };
  });
}

export function stopTwoFactor(
  auth: StaffAuth,
  request: Request,
  password: string,
): Promise<Headers | null> {
  return refusedAsNull(async () => {
    const { headers } = await auth.api.disableTwoFactor({
      body: { password },
      headers: cookieOnly(request),
      returnHeaders: true,
    });
    return headers;
  });
}

/** Ends the session on the server; the headers clear the cookie. */
export async function signOut(auth: StaffAuth, request: Request): Promise<Headers> {
  // No session to end: nothing to clear either.
  return (
    (await refusedAsNull(async () => {
      const { headers } = await auth.api.signOut({
        headers: cookieOnly(request),
        returnHeaders: true,
      });
      return headers;
    })) ?? new Headers()
  );
}
