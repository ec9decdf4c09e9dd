import { useLocale } from "~/lib/use-locale";
import * as m from "~/components/shell-messages";

/** "Mon - Sat, 8:00 AM - 6:00 PM" and "Sunday: Closed", as a definition list. */
export function OfficeHours({ className }: { className?: string }) {
  const locale = useLocale();
  return (
    <dl className={className}>
      <div className="flex gap-2">
        <dt className="font-semibold">{m.hours_weekdays({}, { locale })},</dt>
        <dd>{m.hours_weekdays_hours({}, { locale })}</dd>
      </div>
      <div className="flex gap-2">
        <dt className="font-semibold">{m.hours_closed_days({}, { locale })}</dt>
        <dd>{m.hours_closed({}, { locale })}</dd>
      </div>
    </dl>
  );
}
