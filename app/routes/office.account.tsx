import { data, Form, useNavigation } from "react-router";

import { DeskButton, DeskField, DeskInput, DeskNotice } from "~/features/desk/desk-controls";
import { DeskHeader } from "~/features/desk/desk-header";
import { cookiesOf, deskMeta } from "~/features/desk/headers";
import { actionRetryAfter } from "~/lib/action-headers";
import { passwordChangeSchema } from "~/domain/staff";

import { signedInOf } from "~/features/desk/desk-route.server";
import { fieldErrorsOf } from "~/lib/field-errors";
import { servicesOf } from "~/services.server";

import {
  changePassword,
  countCurrentPasswordCheck,
  startTwoFactor,
  stopTwoFactor,
  verifyCode,
} from "../../server/desk/staff-sessions";

import type { Route } from "./+types/office.account";

// A limited sign-in or password check keeps its Retry-After (the desk layout adds the rest).
export const headers = actionRetryAfter;

export function meta() {
  return deskMeta("Your account");
}

export function loader({ context }: Route.LoaderArgs) {
  const { staff } = signedInOf(context);
  return {
    staff: { name: staff.name, role: staff.role, email: staff.email },
    twoFactorEnabled: staff.twoFactorEnabled,
  };
}

interface Answer {
  form: "password" | "two-factor";
  message?: string;
  fieldErrors: {
    currentPassword?: string;
    password?: string;
    repeat?: string;
    twoFactorPassword?: string;
    code?: string;
  };
  /** While turning the authenticator on: what to enter in the app, and the backup codes. */
  setup?: { secret: string; uri: string; backupCodes: string[] };
}

/** The secret of an otpauth:// link, for typing into an app by hand. */
function secretOf(totpURI: string) {
  return new URL(totpURI).searchParams.get("secret") ?? "";
}

/** Past the sign-in limit, the current-password field says so: 429 with Retry-After. */
function tooManyAttempts(
  which: Answer["form"],
  limited: { retryAfterSeconds: number; message: string },
) {
  return data<Answer>(
    {
      form: which,
      fieldErrors:
        which === "password"
          ? { currentPassword: limited.message }
          : { twoFactorPassword: limited.message },
    },
    {
      status: 429,
      headers: { "Retry-After": String(limited.retryAfterSeconds) },
    },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { staff } = signedInOf(context);
  const { desk, clientAddress } = servicesOf(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "password");
  // Every check of the current password counts in the person's sign-in limit first.
  const countCheck = () => countCurrentPasswordCheck(desk, staff, clientAddress);
  if (intent === "two-factor-start") {
    const check = await countCheck();
    if (check.retryAfterSeconds > 0) return tooManyAttempts("two-factor", check);
    const started = await startTwoFactor(desk.auth, request, String(form.get("password") ?? ""));
    if (started) await check.passed();
    if (!started) {
      return data<Answer>(
        { form: "two-factor", fieldErrors: { twoFactorPassword: "That is not your password" } },
        { status: 400 },
      );
    }
    return data<Answer>(
      {
        form: "two-factor",
        fieldErrors: {},
        setup: {
          secret: secretOf(started.totpURI),
          uri: started.totpURI,
          backupCodes: started.backupCodes,
        },
      },
      { headers: cookiesOf(started.headers) },
    );
  }
  if (intent === "two-factor-confirm") {
    const code = String(form.get("code") ?? "").replace(/\s/g, "");
    const headers = /^\d{6}$/.test(code) ? await verifyCode(desk, request, code) : null;
    if (!headers) {
      return data<Answer>(
        {
          form: "two-factor",
          fieldErrors: {
            code: "That code is not right: set up the app again and try the newest code",
          },
        },
        { status: 400 },
      );
    }
    return data<Answer>(
      {
        form: "two-factor",
        message: "Sign-in now asks for a code from your app.",
        fieldErrors: {},
      },
      { headers: cookiesOf(headers) },
    );
  }
  if (intent === "two-factor-stop") {
    const check = await countCheck();
    if (check.retryAfterSeconds > 0) return tooManyAttempts("two-factor", check);
    const headers = await stopTwoFactor(desk.auth, request, String(form.get("password") ?? ""));
    if (headers) await check.passed();
    if (!headers) {
      return data<Answer>(
        { form: "two-factor", fieldErrors: { twoFactorPassword: "That is not your password" } },
        { status: 400 },
      );
    }
    return data<Answer>(
      { form: "two-factor", message: "Sign-in no longer asks for a code.", fieldErrors: {} },
      { headers: cookiesOf(headers) },
    );
  }
  const parsed = passwordChangeSchema.safeParse({
    currentPassword: String(form.get("currentPassword") ?? ""),
    password: String(form.get("password") ?? ""),
    repeat: String(form.get("repeat") ?? ""),
  });
  if (!parsed.success) {
    return data<Answer>(
      { form: "password", fieldErrors: fieldErrorsOf(parsed.error) },
      { status: 400 },
    );
  }
  const check = await countCheck();
  if (check.retryAfterSeconds > 0) return tooManyAttempts("password", check);
  const headers = await changePassword(
    desk.auth,
    request,
    parsed.data.currentPassword,
    parsed.data.password,
  );
  if (headers) await check.passed();
  if (!headers) {
    return data<Answer>(
      { form: "password", fieldErrors: { currentPassword: "That is not your current password" } },
      { status: 400 },
    );
  }
  return data<Answer>(
    {
      form: "password",
      message: "Password changed. Every other session of yours has ended.",
      fieldErrors: {},
    },
    { headers: cookiesOf(headers) },
  );
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const fieldErrors: Answer["fieldErrors"] = actionData?.fieldErrors ?? {};
  const twoFactor = actionData?.form === "two-factor" ? actionData : undefined;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <DeskHeader title="Your account" staff={loaderData.staff} />
      <p className="mt-6 text-sm text-slate-700">Signed in as {loaderData.staff.email}.</p>
      <section aria-labelledby="password-heading" className="mt-6 max-w-md">
        <h2 id="password-heading" className="text-lg font-bold text-slate-900">
          Change your password
        </h2>
        {actionData?.form === "password" && actionData.message ? (
          <DeskNotice tone="success" className="mt-4">
            {actionData.message}
          </DeskNotice>
        ) : null}
        <Form method="post" aria-labelledby="password-heading" className="mt-4 grid gap-4">
          <DeskField label="Current password" error={fieldErrors.currentPassword}>
            {(wiring) => (
              <DeskInput
                {...wiring}
                type="password"
                name="currentPassword"
                autoComplete="current-password"
              />
            )}
          </DeskField>
          <DeskField label="New password" error={fieldErrors.password}>
            {(wiring) => (
              <DeskInput {...wiring} type="password" name="password" autoComplete="new-password" />
            )}
          </DeskField>
          <DeskField label="The same password again" error={fieldErrors.repeat}>
            {(wiring) => (
              <DeskInput {...wiring} type="password" name="repeat" autoComplete="new-password" />
            )}
          </DeskField>
          <DeskButton type="submit" disabled={busy}>
            Change password
          </DeskButton>
        </Form>
      </section>
      <section aria-labelledby="two-factor-heading" className="mt-10 max-w-md">
        <h2 id="two-factor-heading" className="text-lg font-bold text-slate-900">
          Authenticator app
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {loaderData.twoFactorEnabled
            ? "On: sign-in asks for a code from your app after your password."
            : "Off. Turn it on to be asked for a code from an app (Google Authenticator, 1Password, Authy…) after your password."}
        </p>
        {twoFactor?.message ? (
          <DeskNotice tone="success" className="mt-4">
            {twoFactor.message}
          </DeskNotice>
        ) : null}
        {twoFactor?.setup ? (
          <div className="mt-4 grid gap-3 text-sm text-slate-800">
            <p>
              In your app, add an account with this key (or open the link on your phone), then enter
              the code it shows.
            </p>
            <p>
              Key: <code className="break-all">{twoFactor.setup.secret}</code>
            </p>
            <p>
              <a className="break-all text-brand-700 underline" href={twoFactor.setup.uri}>
                Add to an authenticator app
              </a>
            </p>
            <p>Backup codes, each usable once if you lose the phone (keep them somewhere safe):</p>
            <ul aria-label="Backup codes" className="grid grid-cols-2 gap-1 font-mono">
              {twoFactor.setup.backupCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
            <Form method="post" aria-label="Confirm the authenticator app" className="grid gap-3">
              <input type="hidden" name="intent" value="two-factor-confirm" />
              <DeskField label="Code from the app" error={twoFactor.fieldErrors.code}>
                {(wiring) => (
                  <DeskInput
                    {...wiring}
                    name="code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                  />
                )}
              </DeskField>
              <DeskButton type="submit" disabled={busy}>
                Turn on
              </DeskButton>
            </Form>
          </div>
        ) : (
          <Form method="post" aria-label="Authenticator app" className="mt-4 grid gap-3">
            <input
              type="hidden"
              name="intent"
              value={loaderData.twoFactorEnabled ? "two-factor-stop" : "two-factor-start"}
            />
            {twoFactor?.fieldErrors.code ? (
              <p role="alert" className="text-sm font-medium text-red-700">
                {twoFactor.fieldErrors.code}
              </p>
            ) : null}
            <DeskField label="Your password" error={twoFactor?.fieldErrors.twoFactorPassword}>
              {(wiring) => (
                <DeskInput
                  {...wiring}
                  type="password"
                  name="password"
                  autoComplete="current-password"
                />
              )}
            </DeskField>
            <DeskButton type="submit" look="outline" disabled={busy}>
              {loaderData.twoFactorEnabled ? "Turn off" : "Set up an authenticator app"}
            </DeskButton>
          </Form>
        )}
      </section>
    </div>
  );
}
