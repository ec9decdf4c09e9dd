import type { OpenWindow } from "~/domain/availability";
import { slotWords } from "~/features/booking/slot-words";
import type { RequestPageView } from "~/domain/request-page";
import { requestPageWords } from "~/domain/request-page-words";
import { timeSlots } from "~/domain/time-slots";
import { formatVisitDay } from "~/domain/visit";
import type { Locale } from "~/lib/locale";
import { cn } from "~/lib/utils";

/**
 * "08:00" → "8 AM", "16:00" → "4 PM" ("8 a. m.", "4 p. m." in Spanish): short enough for three
 * windows side by side at 320 px.
 */
function shortTime(time: string, locale: Locale): string {
  const hour = Number(time.slice(0, 2));
  const clock = hour % 12 === 0 ? 12 : hour % 12;
  if (locale === "es") return `${clock} ${hour < 12 ? "a. m." : "p. m."}`;
  return `${clock} ${hour < 12 ? "AM" : "PM"}`;
}

/** Days shown at once; the rest of the three weeks fold under "More days". */
const daysShown = 7;

interface Day {
  date: string;
  /** The open windows of the day, by window id. */
  open: Map<string, OpenWindow>;
}

function daysOf(offered: readonly OpenWindow[], visit: RequestPageView["visit"]): Day[] {
  const days = new Map<string, Day>();
  for (const option of offered) {
    const day = days.get(option.date) ?? { date: option.date, open: new Map() };
    day.open.set(option.window, option);
    days.set(option.date, day);
  }
  // The visit's own day is listed even with nothing else open, to show where the visit is now.
  if (visit && !days.has(visit.date)) days.set(visit.date, { date: visit.date, open: new Map() });
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * Where the visit may move: one row a day, its open windows as choices (a plain radio group, so it
 * posts without JavaScript), and the current visit marked "Your visit" in its place.
 */
export function WindowChoices({
  view,
  offered,
  legend = requestPageWords[view.locale].moveLegend,
  marked = view.visit,
}: {
  view: RequestPageView;
  offered: readonly OpenWindow[];
  legend?: string;
  /** The visit marked "Your visit" among the choices; null to mark none (a new visit). */
  marked?: RequestPageView["visit"];
}) {
  const words = requestPageWords[view.locale];
  const days = daysOf(offered, marked);
  const first = days.slice(0, daysShown);
  const later = days.slice(daysShown);
  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="mb-1 text-sm font-semibold text-slate-900">{legend}</legend>
      {marked ? (
        <p className="text-sm text-slate-700">
          {words.yourVisitNow} <strong>{marked.text}</strong> {words.markedYourVisit}
        </p>
      ) : null}
      {offered.length === 0 ? (
        <p className="text-sm text-slate-700">{words.noOtherWindow}</p>
      ) : null}
      <div className="grid gap-3">
        {first.map((day) => (
          <DayChoices key={day.date} day={day} visit={marked} locale={view.locale} />
        ))}
      </div>
      {later.length > 0 ? (
        <details className="group/more">
          <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-brand-800">
            {words.moreDays}
          </summary>
          <div className="grid gap-3 pt-2">
            {later.map((day) => (
              <DayChoices key={day.date} day={day} visit={marked} locale={view.locale} />
            ))}
          </div>
        </details>
      ) : null}
    </fieldset>
  );
}

function DayChoices({
  day,
  visit,
  locale,
}: {
  day: Day;
  visit: RequestPageView["visit"];
  locale: Locale;
}) {
  const words = requestPageWords[locale];
  const dayId = `move-day-${day.date}`;
  return (
    <div
      role="group"
      aria-labelledby={dayId}
      className="grid gap-2 border-b border-slate-100 pb-3 sm:grid-cols-[7rem_1fr] sm:items-center"
    >
      <p id={dayId} className="font-semibold text-slate-900">
        {formatVisitDay(day.date, locale)}
      </p>
      <div className="grid grid-cols-3 gap-2">
        {timeSlots.map((slot) => {
          const hours = `${shortTime(slot.start, locale)}–${shortTime(slot.end, locale)}`;
          if (visit?.date === day.date && visit.window === slot.id) {
            return (
              <span
                key={slot.id}
                className="grid min-h-11 content-center rounded-lg border-2 border-dashed border-brand-700 bg-brand-50 px-1 py-1 text-center text-sm text-slate-900"
              >
                <strong>{words.yourVisit}</strong>
                <span
                  className={cn("text-xs text-slate-700", locale === "en" && "whitespace-nowrap")}
                >
                  {hours}
                </span>
              </span>
            );
          }
          const option = day.open.get(slot.id);
          if (!option) return <span key={slot.id} aria-hidden="true" />;
          return (
            <label
              key={slot.id}
              className="relative grid min-h-11 cursor-pointer content-center rounded-lg border border-slate-300 bg-white px-1 py-1 text-center text-sm text-slate-900 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-brand-400/60 has-[:checked]:[&_span]:text-white"
            >
              <input
                type="radio"
                name="window"
                value={`${option.date}/${option.window}`}
                required
                aria-label={`${slotWords(slot.id, locale).label}, ${option.label}`}
                className="absolute inset-0 cursor-pointer appearance-none rounded-lg"
              />
              <span className="font-semibold">{slotWords(slot.id, locale).label}</span>
              <span
                className={cn("text-xs text-slate-600", locale === "en" && "whitespace-nowrap")}
              >
                {hours}
              </span>
            </label>
          );
        })}
      </div>
    </div>
  );
}
