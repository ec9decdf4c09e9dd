import { Form, useNavigation } from "react-router";

import { PageHeader, Section } from "~/components/page-parts";
import { Button } from "~/components/ui/button";
import { unsubscribeWords } from "~/domain/unsubscribe-words";
import { metaLocale, pageMeta } from "~/lib/meta";
import { useLocale } from "~/lib/use-locale";
import { postedForm } from "~/lib/bounded-body.server";
import type { FormResult } from "~/lib/form-result";

import { servicesOf } from "~/services.server";

import type { Route } from "./+types/unsubscribe";

export function meta({ matches }: Route.MetaArgs) {
  const words = unsubscribeWords[metaLocale(matches)];
  return pageMeta(
    {
      title: words.title,
      description: words.description,
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
  const { state, language } = await servicesOf(context).newsletter.subscriptionOf(token);
  return { token, state, locale: language };
}

// The button's POST, and the one-click POST mail clients send for List-Unsubscribe-Post.
export async function action({ request, context }: Route.ActionArgs) {
  // A mail client's one-click POST may carry no form at all: the token is then the address's.
  const fromForm = await postedForm(request).then(
    (form) => form.text("token"),
    () => "",
  );
  const token = tokenFrom(request) || fromForm;
  const { state } = await servicesOf(context).newsletter.unsubscribe(token);
  return {
    form: "unsubscribe",
    status: state === "unsubscribed" ? "success" : "invalid",
  } satisfies FormResult;
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const words = unsubscribeWords[useLocale()];
  const answer =
    actionData?.status === "success"
      ? words.done
      : loaderData.state === "unknown"
        ? words.invalid
        : loaderData.state === "unsubscribed"
          ? words.already
          : null;
  if (answer) {
    return (
      <UnsubscribePage title={answer.title}>
        <p>{answer.body}</p>
      </UnsubscribePage>
    );
  }
  return (
    <UnsubscribePage title={words.ask.title}>
      <p>{words.ask.body}</p>
      <Form method="post" className="mt-6">
        <input type="hidden" name="token" value={loaderData.token} />
        <Button type="submit" loading={navigation.state === "submitting"}>
          {words.ask.button}
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
