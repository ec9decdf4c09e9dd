import { data, Form, redirect, useNavigation } from "react-router";

import { DeskButton, DeskField, DeskInput } from "~/features/desk/desk-controls";
import { DeskHeader } from "~/features/desk/desk-header";
import { deskHandle, deskHeaders, deskMeta, withDeskHeaders } from "~/features/desk/headers";
import { passwordChangeSchema } from "~/features/desk/staff-schemas";

import type { Route } from "./+types/office.account";

export const handle = deskHandle;
export const headers = deskHeaders;

export function meta() {
  return deskMeta("Your account");
}

async function signedInOrRedirect(request: Request, context: Route.LoaderArgs["context"]) {
  const signedIn = await context.desk.signedIn(request);
  if (!signedIn) throw redirect("/office/sign-in", { headers: withDeskHeaders(new Headers()) });
  return signedIn;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff, headers } = await signedInOrRedirect(request, context);
  return data({ staff: { name: staff.name, role: staff.role, email: staff.email } }, { headers });
}

interface Answer {
  message?: string;
  fieldErrors: { currentPassword?: string; password?: string; repeat?: string };
}

export async function action({ request, context }: Route.ActionArgs) {
  await signedInOrRedirect(request, context);
  const form = await request.formData();
  const parsed = passwordChangeSchema.safeParse({
    currentPassword: String(form.get("currentPassword") ?? ""),
    password: String(form.get("password") ?? ""),
    repeat: String(form.get("repeat") ?? ""),
  });
  if (!parsed.success) {
    const errors = parsed.error.flatten().fieldErrors;
    return data<Answer>(
      {
        fieldErrors: {
          currentPassword: errors.currentPassword?.[0],
          password: errors.password?.[0],
          repeat: errors.repeat?.[0],
        },
      },
      { status: 400 },
    );
  }
  const headers = await context.desk.changePassword(
    request,
    parsed.data.currentPassword,
    parsed.data.password,
  );
  if (!headers) {
    return data<Answer>(
      { fieldErrors: { currentPassword: "That is not your current password" } },
      { status: 400 },
    );
  }
  return data<Answer>(
    { message: "Password changed. Every other session of yours has ended.", fieldErrors: {} },
    { headers: withDeskHeaders(headers) },
  );
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const fieldErrors: Answer["fieldErrors"] = actionData?.fieldErrors ?? {};
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <DeskHeader title="Your account" staff={loaderData.staff} />
      <p className="mt-6 text-sm text-slate-700">Signed in as {loaderData.staff.email}.</p>
      <section aria-labelledby="password-heading" className="mt-6 max-w-md">
        <h2 id="password-heading" className="text-lg font-bold text-slate-900">
          Change your password
        </h2>
        {actionData?.message ? (
          <p
            role="status"
            className="mt-4 rounded-lg bg-green-50 p-3 text-sm text-green-900 ring-1 ring-green-200"
          >
            {actionData.message}
          </p>
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
    </div>
  );
}
