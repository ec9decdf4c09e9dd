import { Form, useNavigation } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Notice } from "~/components/ui/notice";
import { DeskHeader } from "~/features/desk/desk-header";
import { deskMeta } from "~/features/desk/headers";
import { actionRetryAfter } from "~/lib/action-headers";

import { signedInOf } from "~/features/desk/desk-route.server";
import { postedForm } from "~/lib/bounded-body.server";
import { fieldErrorsIn } from "~/lib/form-result";
import { servicesOf } from "~/services.server";

import { accountPageAction } from "../../server/desk/account-changes.server";

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

export async function action({ request, context }: Route.ActionArgs) {
  const { desk, clientAddress } = servicesOf(context);
  const { staff } = signedInOf(context);
  return accountPageAction(await postedForm(request), desk, { staff, clientAddress, request });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const fieldErrors = fieldErrorsIn(actionData);
  const twoFactor = actionData?.form === "two-factor" ? actionData : undefined;
  const setup = twoFactor?.status === "success" ? twoFactor.setup : undefined;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <DeskHeader title="Your account" staff={loaderData.staff} />
      <p className="mt-6 text-sm text-slate-700">Signed in as {loaderData.staff.email}.</p>
      <section aria-labelledby="password-heading" className="mt-6 max-w-md">
        <h2 id="password-heading" className="text-lg font-bold text-slate-900">
          Change your password
        </h2>
        {actionData?.form === "password" && actionData.message ? (
          <Notice tone="success" className="mt-4">
            {actionData.message}
          </Notice>
        ) : null}
        <Form method="post" aria-labelledby="password-heading" className="mt-4 grid gap-4">
          <Field label="Current password" error={fieldErrors.currentPassword}>
            {(wiring) => (
              <Input
                {...wiring}
                type="password"
                name="currentPassword"
                autoComplete="current-password"
              />
            )}
          </Field>
          <Field label="New password" error={fieldErrors.password}>
            {(wiring) => (
              <Input {...wiring} type="password" name="password" autoComplete="new-password" />
            )}
          </Field>
          <Field label="The same password again" error={fieldErrors.repeat}>
            {(wiring) => (
              <Input {...wiring} type="password" name="repeat" autoComplete="new-password" />
            )}
          </Field>
          <Button type="submit" disabled={busy}>
            Change password
          </Button>
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
          <Notice tone="success" className="mt-4">
            {twoFactor.message}
          </Notice>
        ) : null}
        {setup ? (
          <div className="mt-4 grid gap-3 text-sm text-slate-800">
            <p>
              In your app, add an account with this key (or open the link on your phone), then enter
              the code it shows.
            </p>
            <p>
              Key: <code className="break-all">{setup.secret}</code>
            </p>
            <p>
              <a className="break-all text-brand-700 underline" href={setup.uri}>
                Add to an authenticator app
              </a>
            </p>
            <p>Backup codes, each usable once if you lose the phone (keep them somewhere safe):</p>
            <ul aria-label="Backup codes" className="grid grid-cols-2 gap-1 font-mono">
              {setup.backupCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
            <Form method="post" aria-label="Confirm the authenticator app" className="grid gap-3">
              <input type="hidden" name="intent" value="two-factor-confirm" />
              <Field label="Code from the app" error={fieldErrors.code}>
                {(wiring) => (
                  <Input {...wiring} name="code" inputMode="numeric" autoComplete="one-time-code" />
                )}
              </Field>
              <Button type="submit" disabled={busy}>
                Turn on
              </Button>
            </Form>
          </div>
        ) : (
          <Form method="post" aria-label="Authenticator app" className="mt-4 grid gap-3">
            <input
              type="hidden"
              name="intent"
              value={loaderData.twoFactorEnabled ? "two-factor-stop" : "two-factor-start"}
            />
            {fieldErrors.code ? (
              <p role="alert" className="text-sm font-medium text-red-700">
                {fieldErrors.code}
              </p>
            ) : null}
            <Field label="Your password" error={fieldErrors.twoFactorPassword}>
              {(wiring) => (
                <Input
                  {...wiring}
                  type="password"
                  name="password"
                  autoComplete="current-password"
                />
              )}
            </Field>
            <Button type="submit" variant="outline" disabled={busy}>
              {loaderData.twoFactorEnabled ? "Turn off" : "Set up an authenticator app"}
            </Button>
          </Form>
        )}
      </section>
    </div>
  );
}
