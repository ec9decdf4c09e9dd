import { Phone } from "lucide-react";
import { useMatches } from "react-router";

import { ScheduleLink } from "~/components/schedule-link";
import { buttonVariants } from "~/components/ui/button";
import { useLocale } from "~/lib/use-locale";
import { useRegion } from "~/lib/use-region";
import * as m from "~/components/shell-messages";

/**
 * A page whose own forms are what the visitor came for (the homeowner's private page, the
 * receipt) has no bar: a tap that blurs a field there brought the bar back over the button and
 * ate the tap. Such a page exports this as its `handle` and shows the office's number itself.
 */
export interface ActionBarHandle {
  actionBar: false;
}
export const withoutActionBar: ActionBarHandle = { actionBar: false };

/**
 * On phones, Call and Book stay at hand at the bottom of every public page but those above.
 * Under the dialog (its overlay is above it), out of the way while a field is being typed in
 * (app.css), and never over the footer's links: a spacer of its height follows the footer.
 */
export function PhoneActionBar() {
  const { profile } = useRegion();
  const locale = useLocale();
  const hidden = useMatches().some(
    (match) => (match.handle as ActionBarHandle | undefined)?.actionBar === false,
  );
  if (hidden) return null;
  return (
    <>
      <div aria-hidden="true" className="h-16 md:hidden" />
      <aside
        aria-label={m.action_bar_label({}, { locale })}
        className="phone-action-bar fixed inset-x-0 bottom-0 z-40 grid grid-cols-2 gap-2 border-t border-slate-200 bg-white p-2 shadow-[0_-4px_12px_rgb(15_23_42/0.08)] md:hidden"
      >
        <a href={`tel:${profile.phoneForCall}`} className={buttonVariants({ variant: "outline" })}>
          <Phone aria-hidden="true" />
          {m.header_call({}, { locale })}
        </a>
        <ScheduleLink variant="default">{m.action_bar_book({}, { locale })}</ScheduleLink>
      </aside>
    </>
  );
}
