import { Form, useNavigation } from "react-router";

import { PageHeader, Section } from "~/components/page-parts";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { postedForm } from "~/lib/bounded-body.server";
import type { FormResult } from "~/lib/form-result";

import { servicesOf } from "~/services.server";

import type { Route } from "./+types/unsubscribe";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Unsubscribe",
      description: "Stop receiving our newsletter.",
      path: "/unsubscribe",
      noindex: true,
    },
    matches,
  );
}

function tokenFrom(request: Request): string {
  return new URL(request.url).searchParams.get("token") ?? "";
}

// Reads only: a mail scanner that opens the link changes nothing.
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenFrom(request);
  return { token, state: await servicesOf(context).newsletter.stateOf(token) };
}

// The button's POST, and the one-click POST mail clients send for List-Unsubscribe-Post.
export async function action({ request, context }: Route.ActionArgs) {
  // A mail client's one-click POST may carry no form at all: the token is then the address's.
  const fromForm = await postedForm(request).then(
    (form) => form.text("token"),
    () => "",
  );
  const token = tokenFrom(request) || fromForm;
  const state = await servicesOf(context).newsletter.unsubscribe(token);
  return {
    form: "unsubscribe",
    status: state === "unsubscribed" ? "success" : "invalid",
  } satisfies FormResult;
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (actionData?.status === "success") {
    return (
      <UnsubscribePage title="You have been unsubscribed">
        <p>You will no longer receive our newsletter. We are sorry to see you go.</p>
      </UnsubscribePage>
    );
  }
  if (loaderData.state === "unknown") {
    return (
      <UnsubscribePage title="This unsubscribe link is not valid">
        <p>Please use the link from the most recent newsletter email you received.</p>
      </UnsubscribePage>
    );
  }
  if (loaderData.state === "unsubscribed") {
    return (
      <UnsubscribePage title="You are already unsubscribed">
        <p>You will no longer receive our newsletter.</p>
      </UnsubscribePage>
    );
  }
  return (
    <UnsubscribePage title="Unsubscribe from our newsletter?">
      <p>You will stop receiving appliance care tips and offers by email.</p>
      <Form method="post" className="mt-6">
        <input type="hidden" name="token" value={loaderData.token} />
        <Button type="submit" loading={navigation.state === "submitting"}>
          Unsubscribe
        </Button>
      </Form>
    </UnsubscribePage>
  );
}

function UnsubscribePage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <>
      <PageHeader title={title} />
      <Section>
        <div className="max-w-2xl text-lg text-slate-700">{children}</div>
      </Section>
    </>
  );
}
