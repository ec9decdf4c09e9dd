import { workingHours } from "~/content/company";

/** "Mon - Sat, 8:00 AM - 6:00 PM" and "Sunday: Closed", as a definition list. */
export function OfficeHours({ className }: { className?: string }) {
  return (
    <dl className={className}>
      <div className="flex gap-2">
        <dt className="font-semibold">{workingHours.weekdays},</dt>
        <dd>{workingHours.weekdaysHours}</dd>
      </div>
      <div className="flex gap-2">
        <dt className="font-semibold">{workingHours.closedDays}</dt>
        <dd>Closed</dd>
      </div>
    </dl>
  );
}
