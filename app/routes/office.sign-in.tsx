import { data, Form, redirect, useNavigation } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { deskMeta } from "~/features/desk/headers";
import { actionRetryAfter } from "~/lib/action-headers";
import { signInSchema } from "~/domain/sign-in";
import { homeOf } from "~/domain/staff-roles";
import { signedInContext } from "~/features/desk/desk-route.server";
import { postedForm } from "~/lib/bounded-body.server";
import { fieldErrorsOf } from "~/lib/field-errors";
import { fieldErrorsIn, type FormResult } from "~/lib/form-result";
import { servicesOf } from "~/services.server";

import { hasActiveStaff } from "../../server/desk/staff-accounts.server";
import { cookiesOf, signIn } from "../../server/desk/staff-sessions.server";

import type { Route } from "./+types/office.sign-in";

// A limited sign-in or password check keeps its Retry-After (the desk layout adds the rest).
export const headers = actionRetryAfter;

export function meta() {
  return deskMeta("Sign in");
}

export async function loader({ context }: Route.LoaderArgs) {
  const signedIn = context.get(signedInContext);
  if (signedIn) throw redirect(homeOf(signedIn.staff.role));
  return { hasStaff: await hasActiveStaff(servicesOf(context).desk.db) };
}

/** A refused sign-in keeps the email typed; a wrong password or the limit is one message. */
type SignInResult = FormResult<"sign-in">;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  const email = form.text("email");
  const values = { email };
  const parsed = signInSchema.safeParse({ email, password: form.text("password") });
  if (!parsed.success) {
    return data<SignInResult>(
      { form: "sign-in", status: "invalid", values, fieldErrors: fieldErrorsOf(parsed.error) },
      { status: 400 },
    );
  }
  const { desk, clientAddress } = servicesOf(context);
  const outcome = await signIn(desk, {
    ...parsed.data,
    address: clientAddress,
    userAgent: request.headers.get("user-agent"),
  });
  if (outcome.ok) {
    const next = outcome.needsCode ? "/office/sign-in/code" : outcome.home;
    throw redirect(next, { headers: cookiesOf(outcome.headers) });
  }
  return data<SignInResult>(
    { form: "sign-in", status: "invalid", values, message: outcome.message },
    {
      status: outcome.status,
      headers:
        outcome.status === 429 ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined,
    },
  );
}

function NoAccountYet() {
  return (
    <div className="space-y-4 text-slate-700">
      <p>
        Nobody can sign in yet. The first account is created on the server, by someone who can run
        commands there:
      </p>
      <pre className="overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-white">
        <code>npm run staff -- add you@example.com --role owner</code>
      </pre>
      <p>
        The command asks for the password (or reads it from <code>STAFF_PASSWORD</code>). Then
        reload this page and sign in. Owners invite the rest of the staff from the desk.
      </p>
    </div>
  );
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  return (
    <div className="mx-auto w-full max-w-md px-4 py-16">
      <h1 className="text-3xl font-bold text-slate-900">Office desk</h1>
      <p className="mt-2 text-slate-600">Staff sign-in</p>
      <div className="mt-8">
        {loaderData.hasStaff ? (
          <Form method="post" className="grid gap-5">
            {actionData?.message ? (
              <p
                id="sign-in-error"
                role="alert"
                className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800 ring-1 ring-red-200"
              >
                {actionData.message}
              </p>
            ) : null}
            <Field label="Email" error={fieldErrorsIn(actionData).email}>
              {(wiring) => (
                <Input
                  {...wiring}
                  name="email"
                  type="email"
                  autoComplete="username"
                  defaultValue={actionData?.values?.email}
                  required
                />
              )}
            </Field>
            <Field label="Password" error={fieldErrorsIn(actionData).password}>
              {(wiring) => (
                <Input
                  {...wiring}
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  required
                />
              )}
            </Field>
            <Button type="submit" disabled={submitting}>
              Sign in
            </Button>
          </Form>
        ) : (
          <NoAccountYet />
        )}
      </div>
    </div>
  );
}
