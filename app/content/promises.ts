import {
  BadgeDollarSign,
  CalendarClock,
  Lightbulb,
  SearchCheck,
  ShieldCheck,
  UserCheck,
  type LucideIcon,
} from "lucide-react";

import type { Locale } from "~/lib/locale";
import * as m from "~/paraglide/messages/_index.js";

/** The six promises of spec section 1, in that order. */
export interface ServicePromise {
  title: string;
  text: string;
  icon: LucideIcon;
}

export const servicePromises: readonly ServicePromise[] = [
  {
    title: "Service Within 48 Hours",
    text: "A broken refrigerator or washer can't wait a week. We usually have a technician at your door within 48 hours of your call.",
    icon: CalendarClock,
  },
  {
    title: "Money-Back Guarantee",
    text: "If our repair doesn't fix the problem we diagnosed and we can't make it right, we'll refund what you paid for that repair.",
    icon: BadgeDollarSign,
  },
  {
    title: "The Same Technician",
    text: "The technician who diagnoses your appliance is the one who comes back to finish the job, so you never have to explain the problem twice.",
    icon: UserCheck,
  },
  {
    title: "No-Problem-Found Policy",
    text: "If our technician can't find anything wrong with your appliance, you won't pay for the visit.",
    icon: SearchCheck,
  },
  {
    title: "Background-Checked Technicians",
    text: "Everyone we send into your home has passed a criminal background check and a drug test.",
    icon: ShieldCheck,
  },
  {
    title: "Technical Advice",
    text: "Call with a question and we'll give you a straight answer, including whether a repair is worth it and what you can safely check yourself.",
    icon: Lightbulb,
  },
];

const spanishPromises = [
  [m.promise_48h_title, m.promise_48h_text],
  [m.promise_money_back_title, m.promise_money_back_text],
  [m.promise_same_tech_title, m.promise_same_tech_text],
  [m.promise_no_problem_title, m.promise_no_problem_text],
  [m.promise_checked_title, m.promise_checked_text],
  [m.promise_advice_title, m.promise_advice_text],
] as const;

/** The promises in a language (English: the spec's words). */
export function servicePromisesIn(locale: Locale): readonly ServicePromise[] {
  if (locale === "en") return servicePromises;
  return servicePromises.map((promise, index) => {
    const [title, text] = spanishPromises[index]!;
    return { ...promise, title: title({}, { locale }), text: text({}, { locale }) };
  });
}
