import { Form } from "react-router";

import { Button } from "~/components/ui/button";
import { ResultNotice } from "~/components/ui/notice";
import type { LeadView } from "~/domain/lead-view";
import type { FormResult } from "~/lib/form-result";

/** The lead's texts: the consent as recorded, STOP or turned off, and each text's state. */
export function LeadTexts({
  texts,
  busy,
  result,
}: {
  texts: NonNullable<LeadView["texts"]>;
  /** A form of the page is being sent: the buttons wait. */
  busy: boolean;
  /** What the last "Send again" of a text answered. */
  result?: FormResult;
}) {
  return (
    <section aria-labelledby="texts-heading">
      <h2 id="texts-heading" className="text-lg font-bold text-slate-900">
        Texts to the customer
      </h2>
      {texts.optedOut ? (
        <p className="mt-2 inline-block rounded bg-red-100 px-2 py-0.5 text-sm font-semibold text-red-900">
          Opted out: this number replied STOP; no texts until it replies START
        </p>
      ) : null}
      {texts.turnedOff ? (
        <p className="mt-2 text-sm font-semibold text-slate-800">
          The customer turned texts off on their page.
        </p>
      ) : null}
      <p className="mt-2 text-sm [overflow-wrap:anywhere] text-slate-700">
        {texts.consent ? (
          <>Consent: {texts.consent}</>
        ) : (
          "No consent to texts: none are sent for this request."
        )}
      </p>
      <ResultNotice result={result} />
      {texts.items.length > 0 ? (
        <ul className="mt-3 grid gap-2 text-sm">
          {texts.items.map((text) => (
            <li key={text.id} className="rounded-md border border-slate-200 p-3">
              <p className="font-semibold text-slate-900">
                {text.what} <span className="font-normal text-slate-600">to {text.to}</span>
              </p>
              <p className="[overflow-wrap:anywhere] text-slate-700">
                {text.state} · {text.at}
              </p>
              {text.canSendAgain ? (
                <Form method="post" className="mt-2">
                  <input type="hidden" name="intent" value="send-text-again" />
                  <input type="hidden" name="textId" value={text.id} />
                  <Button type="submit" variant="outline" disabled={busy}>
                    Send again
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
