import { data, Form, redirect, useNavigation } from "react-router";

import { DeskButton, DeskField, DeskInput } from "~/features/desk/desk-controls";
import {
  deskHandle,
  deskMeta,
  deskResponseHeaders,
  withDeskHeaders,
} from "~/features/desk/headers";
import { newPasswordSchema } from "~/features/desk/staff-schemas";

import type { Route } from "./+types/office.invitation";

export const handle = deskHandle;

// The link's token is in the address: never stored by a cache, and never sent on as a referrer
// (server/security.ts answers its path with `Referrer-Policy: no-referrer`).
export function headers() {
  return deskResponseHeaders;
}

export function meta() {
  return [...deskMeta("Choose your password"), { name: "referrer", content: "no-referrer" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return { invitation: await context.desk.openInvitation(params.token) };
}

interface Answer {
  error: string | null;
  fieldErrors: { password?: string; repeat?: string };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = newPasswordSchema.safeParse({
    password: String(form.get("password") ?? ""),
    repeat: String(form.get("repeat") ?? ""),
  });
  if (!parsed.success) {
    const errors = parsed.error.flatten().fieldErrors;
    return data<Answer>(
      { error: null, fieldErrors: { password: errors.password?.[0], repeat: errors.repeat?.[0] } },
      { status: 400 },
    );
  }
  const outcome = await context.desk.acceptInvitation(params.token, parsed.data.password, {
    address: context.clientAddress,
    userAgent: request.headers.get("user-agent"),
  });
  if (!outcome) {
    return data(
      {
        error: "This link has been used or has expired. Ask an owner for a new invitation.",
        fieldErrors: {},
      },
      { status: 410 },
    );
  }
  if (!outcome.ok) throw redirect("/office/sign-in", { headers: withDeskHeaders(new Headers()) });
  throw redirect("/office", { headers: withDeskHeaders(outcome.headers) });
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const fieldErrors: Answer["fieldErrors"] = actionData?.fieldErrors ?? {};
  const { invitation } = loaderData;
  return (
    <div className="mx-auto w-full max-w-md px-4 py-16">
      <h1 className="text-3xl font-bold text-slate-900">Office desk</h1>
      {invitation && !actionData?.error ? (
        <>
          <p className="mt-2 text-slate-600">
            Welcome, {invitation.name}. Choose the password for {invitation.email}.
          </p>
          <Form method="post" className="mt-8 grid gap-5">
            <DeskField label="New password" error={fieldErrors.password}>
              {(wiring) => (
                <DeskInput
                  {...wiring}
                  type="password"
                  name="password"
                  autoComplete="new-password"
                />
              )}
            </DeskField>
            <DeskField label="The same password again" error={fieldErrors.repeat}>
              {(wiring) => (
                <DeskInput {...wiring} type="password" name="repeat" autoComplete="new-password" />
              )}
            </DeskField>
            <DeskButton type="submit" disabled={busy}>
              Set password and sign in
            </DeskButton>
          </Form>
        </>
      ) : (
        <p role="alert" className="mt-6 text-slate-700">
          {actionData?.error ??
            "This link has been used or has expired. Ask an owner for a new invitation."}
        </p>
      )}
    </div>
  );
}
