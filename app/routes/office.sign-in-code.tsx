import { data, Form, redirect, useNavigation } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { homeOf } from "~/domain/staff-roles";
import { deskMeta } from "~/features/desk/headers";
import { signedInContext } from "~/features/desk/desk-route.server";
import { postedForm } from "~/lib/bounded-body.server";
import { fieldErrorsIn, type FormResult } from "~/lib/form-result";
import { servicesOf } from "~/services.server";

import { cookiesOf, verifyCode } from "../../server/desk/staff-sessions.server";

import type { Route } from "./+types/office.sign-in-code";

export function meta() {
  return deskMeta("Code from your app");
}

export function loader({ context }: Route.LoaderArgs) {
  const signedIn = context.get(signedInContext);
  if (signedIn) throw redirect(homeOf(signedIn.staff.role));
  return null;
}

type CodeResult = FormResult<"code">;

export async function action({ request, context }: Route.ActionArgs) {
  const code = (await postedForm(request)).text("code").replace(/\s/g, "");
  const refuse = (message: string, status: number) =>
    data<CodeResult>(
      { form: "code", status: "invalid", fieldErrors: { code: message } },
      { status },
    );
  if (!/^\d{6}$/.test(code)) return refuse("Enter the 6 digits your app shows", 400);
  const headers = await verifyCode(servicesOf(context).desk, request, code);
  if (!headers) {
    return refuse(
      "That code is not right, or the sign-in took too long. Try the newest code, or sign in again.",
      401,
    );
  }
  // The sign-in page sends a signed-in person on to where their role lands.
  throw redirect("/office/sign-in", { headers: cookiesOf(headers) });
}

export default function SignInCode({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto w-full max-w-md px-4 py-16">
      <h1 className="text-3xl font-bold text-slate-900">Office desk</h1>
      <p className="mt-2 text-slate-600">
        Your password was right. Now the code from your authenticator app.
      </p>
      <Form method="post" className="mt-8 grid gap-5">
        <Field label="Code" error={fieldErrorsIn(actionData).code}>
          {(wiring) => (
            <Input
              {...wiring}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
            />
          )}
        </Field>
        <Button type="submit" disabled={busy}>
          Sign in
        </Button>
      </Form>
      <p className="mt-6 text-sm">
        <a className="text-brand-700 underline" href="/office/sign-in">
          Start again
        </a>
      </p>
    </div>
  );
}
