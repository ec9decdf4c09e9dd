import { data, Form, redirect, useNavigation } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { deskMeta } from "~/features/desk/headers";
import { newPasswordSchema } from "~/domain/staff";
import { postedForm } from "~/lib/bounded-body.server";
import { fieldErrorsOf } from "~/lib/field-errors";
import { fieldErrorsIn, type FormResult } from "~/lib/form-result";
import { servicesOf } from "~/services.server";

import { acceptInvitation, openInvitation } from "../../server/desk/staff-management.server";
import { cookiesOf, signIn } from "../../server/desk/staff-sessions.server";

import type { Route } from "./+types/office.invitation";

// The link's token is in the address: never stored by a cache (the desk's layout), and never
// sent on as a referrer (server/security.ts answers its path with `Referrer-Policy: no-referrer`).
export function meta() {
  return [...deskMeta("Choose your password"), { name: "referrer", content: "no-referrer" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const invitation = await openInvitation(servicesOf(context).desk.db, params.token);
  return { invitation: invitation ? { name: invitation.name, email: invitation.email } : null };
}

/** Choosing a password; a used or expired link says so in place of the form (410). */
type InvitationResult = FormResult<"password">;

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  const answer = (result: InvitationResult, status: number) => data(result, { status });
  const parsed = newPasswordSchema.safeParse({
    password: form.text("password"),
    repeat: form.text("repeat"),
  });
  if (!parsed.success) {
    return answer(
      { form: "password", status: "invalid", fieldErrors: fieldErrorsOf(parsed.error) },
      400,
    );
  }
  const { desk, clientAddress } = servicesOf(context);
  const member = await acceptInvitation(desk.db, desk.auth, params.token, parsed.data.password);
  if (!member) {
    return answer(
      {
        form: "password",
        status: "invalid",
        message: "This link has been used or has expired. Ask an owner for a new invitation.",
      },
      410,
    );
  }
  const outcome = await signIn(desk, {
    email: member.email,
    password: parsed.data.password,
    address: clientAddress,
    userAgent: request.headers.get("user-agent"),
  });
  if (!outcome.ok) throw redirect("/office/sign-in");
  throw redirect("/office", { headers: cookiesOf(outcome.headers) });
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const fieldErrors = fieldErrorsIn(actionData);
  const { invitation } = loaderData;
  return (
    <div className="mx-auto w-full max-w-md px-4 py-16">
      <h1 className="text-3xl font-bold text-slate-900">Office desk</h1>
      {invitation && !actionData?.message ? (
        <>
          <p className="mt-2 text-slate-600">
            Welcome, {invitation.name}. Choose the password for {invitation.email}.
          </p>
          <Form method="post" className="mt-8 grid gap-5">
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
              Set password and sign in
            </Button>
          </Form>
        </>
      ) : (
        <p role="alert" className="mt-6 text-slate-700">
          {actionData?.message ??
            "This link has been used or has expired. Ask an owner for a new invitation."}
        </p>
      )}
    </div>
  );
}
