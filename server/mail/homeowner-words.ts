/**
 * The words every homeowner's email after the confirmation shares, in the request's language
 * (issue 39): the facts' labels, the appliance, the office that signs and its hours. Each email
 * keeps its own sentences beside it (one words object per language there); these are the pieces
 * they all use, so a label is said the same way in every email.
 */
import { formatPhone, type CompanyProfile } from "~/content/company";
import { applianceName } from "~/domain/appliances";
import { formatVisit } from "~/domain/visit";
import type { TimeSlotId } from "~/domain/time-slots";
import type { Locale } from "~/lib/locale";

import { spanishAppliance, spanishHours, spanishOfficeName } from "./spanish-words";

export interface HomeownerWords {
  language: Locale;
  labels: { reference: string; appliance: string; technician: string };
  /** The appliance as a fact's value: "Dryer"; "secadora". */
  appliance(id: string): string;
  /** The appliance inside a sentence: "dryer"; "secadora". */
  applianceNoun(id: string): string;
  /** The office as it signs: "Easy Appliance Repair of Texas"; "… de Texas". */
  officeName(office: CompanyProfile): string;
  /** "Mon - Sat, 8:00 AM - 6:00 PM"; "lunes a sábado, de 8:00 a. m. a 6:00 p. m.". */
  hours(office: CompanyProfile): string;
  /** "Questions?" before a way to reach the office. */
  questions: string;
  /** "Call (713) 555-0100, Mon - Sat, 8:00 AM - 6:00 PM."; "Llámenos al …, de lunes a sábado, …". */
  call(office: CompanyProfile): string;
  /** A visit's day and window: "Fri, Nov 27, 4:00 PM - 6:00 PM Central"; "viernes 27 de noviembre …". */
  visit(date: string, window: TimeSlotId, office: CompanyProfile): string;
  /** The office's name, phone and hours, below the rule. */
  footer(office: CompanyProfile): string[];
}

export const homeownerWords: Record<Locale, HomeownerWords> = {
  en: {
    language: "en",
    labels: { reference: "Reference", appliance: "Appliance", technician: "Technician" },
    appliance: (id) => applianceName(id),
    applianceNoun: (id) => applianceName(id, { inSentence: true }),
    officeName: (office) => office.name,
    hours: (office) => office.hours,
    questions: "Questions?",
    call: (office) => `Call ${formatPhone(office.phone)}, ${office.hours}.`,
    visit: (date, window, office) => formatVisit(date, window, office.timeZoneLabel),
    footer: (office) => [office.name, formatPhone(office.phone), office.hours],
  },
  es: {
    language: "es",
    labels: { reference: "Referencia", appliance: "Electrodoméstico", technician: "Técnico" },
    appliance: spanishAppliance,
    applianceNoun: spanishAppliance,
    officeName: spanishOfficeName,
    hours: () => spanishHours,
    questions: "¿Preguntas?",
    // The hours end in "p. m.", whose full stop ends the sentence too.
    call: (office) => `Llámenos al ${formatPhone(office.phone)}, de ${spanishHours}`,
    visit: (date, window, office) =>
      formatVisit(date, window, office.timeZoneLabel, { spanish: true }),
    footer: (office) => [
      spanishOfficeName(office),
      formatPhone(office.phone),
      `De ${spanishHours}`,
    ],
  },
};
