import { Form, useNavigation } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { RequestPageResult, RequestPageView } from "~/domain/request-page";
import { requestPageWords } from "~/domain/request-page-words";
import { EstimateLines } from "~/features/field/estimate-form";

const answerIntents = ["estimate-approve", "estimate-decline"] as const;

/**
 * The technician's estimate on the private page: its lines and total, and while it waits for an
 * answer, the homeowner's typed name with "Approve estimate" or "Decline" (one POST each).
 */
export function EstimateAnswer({
  view,
  result,
}: {
  view: RequestPageView;
  result: RequestPageResult | undefined;
}) {
  const navigation = useNavigation();
  const { estimate, canAnswer } = view.afterTheJob;
  if (!estimate) return null;
  const words = requestPageWords[view.locale];
  const answered = answerIntents.find((intent) => intent === result?.form);
  const refused = answered && result?.status === "invalid" ? result : undefined;
  const pressed = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <section id="estimate" aria-labelledby="estimate-heading" className="grid scroll-mt-24 gap-3">
      <h2 id="estimate-heading" className="text-lg font-bold text-slate-900">
        {words.yourEstimate}
      </h2>
      <div className="max-w-xl">
        <EstimateLines
          estimate={estimate}
          caption={words.written(estimate.writtenAt)}
          columns={words.columns}
        />
      </div>
      {canAnswer ? (
        <Form method="post" className="grid max-w-xl gap-3">
          <input type="hidden" name="estimateVersion" value={estimate.version} />
          <p className="text-slate-700">{words.estimateNote}</p>
          <Field label={words.yourName} error={refused?.fieldErrors?.name} markedRequired>
            {(wiring) => (
              <Input
                {...wiring}
                name="name"
                maxLength={100}
                autoComplete="name"
                defaultValue={refused?.values?.name}
              />
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              name="intent"
              value="estimate-approve"
              loading={pressed("estimate-approve")}
            >
              {words.approveEstimate}
            </Button>
            <Button
              type="submit"
              name="intent"
              value="estimate-decline"
              variant="outline"
              loading={pressed("estimate-decline")}
            >
              {words.declineEstimate}
            </Button>
          </div>
          {refused?.message ? (
            <p role="alert" className="text-sm text-red-800">
              {refused.message}
            </p>
          ) : null}
        </Form>
      ) : refused?.message ? (
        <p role="alert" className="text-sm text-red-800">
          {refused.message}
        </p>
      ) : null}
    </section>
  );
}
