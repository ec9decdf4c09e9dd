import { Form, useNavigation } from "react-router";

import { Button } from "~/components/ui/button";
import type { RequestPageView } from "~/domain/request-page";
import { requestPageWords } from "~/domain/request-page-words";

/** Texts about the repair, on or off (only for a homeowner who asked for them at booking). */
export function TextsSetting({ view }: { view: RequestPageView }) {
  const navigation = useNavigation();
  if (!view.texts) return null;
  const { on, phone } = view.texts;
  const words = requestPageWords[view.locale];
  const intent = on ? "texts-off" : "texts-on";
  return (
    <section aria-labelledby="texts-heading" className="grid gap-3">
      <h2 id="texts-heading" className="text-lg font-bold text-slate-900">
        {words.texts}
      </h2>
      <p className="text-slate-700">{on ? words.textsOn(phone) : words.textsOff(phone)}</p>
      <Form method="post">
        <input type="hidden" name="intent" value={intent} />
        <Button
          type="submit"
          variant="outline"
          loading={
            navigation.state === "submitting" && navigation.formData?.get("intent") === intent
          }
        >
          {on ? words.turnTextsOff : words.turnTextsOn}
        </Button>
      </Form>
    </section>
  );
}
