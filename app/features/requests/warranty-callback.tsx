import { Form, Link, useNavigation } from "react-router";

import { Button, buttonVariants } from "~/components/ui/button";
import type { RequestPageResult, RequestPageView } from "~/domain/request-page";
import { cn } from "~/lib/utils";

import { WindowChoices } from "./window-choices";

// The private page's warranty section: while the repair is guaranteed, "Same problem again?"
// books the free callback in one of the open windows (a plain POST, with or without JavaScript;
// server/requests/page-actions.ts answers it); after the last day, a normal booking instead.

export function WarrantyCallback({
  view,
  result,
}: {
  view: RequestPageView;
  result: RequestPageResult | undefined;
}) {
  const navigation = useNavigation();
  const { warranty } = view;
  if (!warranty) return null;
  if (warranty.state === "booked") {
    return (
      <section aria-labelledby="warranty-heading" className="grid gap-2">
        <h2 id="warranty-heading" className="text-lg font-bold text-slate-900">
          Your warranty visit
        </h2>
        <p className="text-slate-700">
          <strong>No charge.</strong>{" "}
          {view.visit
            ? `We come back ${view.visit.text} for the same problem`
            : "We come back for the same problem"}
          {warranty.ends ? `: your repair is guaranteed until ${warranty.ends}.` : "."}
        </p>
      </section>
    );
  }
  if (warranty.state === "ended") {
    return (
      <section aria-labelledby="warranty-heading" className="grid gap-3">
        <h2 id="warranty-heading" className="text-lg font-bold text-slate-900">
          Need another repair?
        </h2>
        {warranty.ends ? (
          <p className="text-slate-700">Your warranty ended on {warranty.ends}.</p>
        ) : null}
        <Link to={view.bookAgainHref} className={cn(buttonVariants(), "justify-self-start")}>
          Book a new repair
        </Link>
      </section>
    );
  }
  const offered =
    result?.form === "warranty-callback" && "openWindows" in result && result.openWindows?.length
      ? result.openWindows
      : warranty.options;
  return (
    <section aria-labelledby="warranty-heading" className="grid gap-4">
      <h2 id="warranty-heading" className="text-lg font-bold text-slate-900">
        Same problem again?
      </h2>
      <p className="text-slate-700">
        Your repair is guaranteed until <strong>{warranty.ends}</strong>. If the same problem comes
        back, we come back at <strong>no charge</strong>: choose a window for your free warranty
        visit.
      </p>
      <Form method="post" className="grid gap-4">
        <input type="hidden" name="intent" value="warranty-callback" />
        <WindowChoices
          view={view}
          offered={offered}
          legend="Choose a window for the warranty visit"
          marked={null}
        />
        {offered.length > 0 ? (
          <Button
            type="submit"
            className="justify-self-start"
            loading={
              navigation.state === "submitting" &&
              navigation.formData?.get("intent") === "warranty-callback"
            }
          >
            Book a free warranty visit
          </Button>
        ) : null}
      </Form>
    </section>
  );
}
