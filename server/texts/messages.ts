/**
 * What each text says. Short enough for one segment where it can (GSM-7, 160 characters; the
 * private link makes the confirmation and the estimate two), plain ASCII, the company named
 * first, and nothing a stranger could have typed into a form: no name, no address, no
 * description. The technician's first name, the amounts and the times come from the office.
 */
import { formatPhone, type CompanyProfile } from "~/content/company";
import { applianceName } from "~/domain/appliances";
import { timeSlots, type TimeSlotId } from "~/domain/time-slots";
import { formatVisitDay } from "~/domain/visit";
import { spanishShortMonthNames } from "~/lib/dates";
import type { Locale } from "~/lib/locale";

const stopLine = "Reply STOP to end texts.";

/*
 * In Spanish (issue 39) the texts keep to GSM-7 as the English do: the basic set has é, ñ, ¿ and ¡
 * but not á, í, ó or ú, so the words are chosen to need none ("llega", "Preguntas", "cita",
 * "Véalo", "¿Qué tal?"). The segment counts are the English ones (server/texts/messages.test.ts).
 */
// The carriers' own Spanish for the opt-out line.
const spanishStopLine = "Responda ALTO para cancelar.";
const spanishBookedVisitWords: Record<BookedVisitKind, string> = {
  repair: "visita",
  return: "visita de regreso",
  warranty: "visita gratis",
};
const spanishAppliances: Record<string, string> = {
  refrigerator: "refrigerador",
  dishwasher: "lavavajillas",
  washer: "lavadora",
  dryer: "secadora",
  oven: "estufa",
  microwave: "microondas",
  combo: "equipos",
  other: "equipo",
};

function spanishApplianceText(appliance: string): string {
  return spanishAppliances[appliance] ?? "equipo";
}

/** "26 de nov, 8AM-12PM" (no weekday: "sábado" and "miércoles" would leave GSM-7). */
function spanishShortVisit(date: string, window: TimeSlotId): string {
  const slot = timeSlots.find((candidate) => candidate.id === window);
  const hours = slot ? slot.window.replace(/:00 /g, "").replace(/ - /, "-") : "";
  const [, month = "1", day = "1"] = date.split("-");
  return `${Number(day)} de ${spanishShortMonthNames[Number(month) - 1]}, ${hours}`;
}

/** "Thu, Nov 26, 8AM-12PM". */
function shortVisit(date: string, window: TimeSlotId): string {
  const slot = timeSlots.find((candidate) => candidate.id === window);
  const hours = slot ? slot.window.replace(/:00 /g, "").replace(/ - /, "-") : "";
  return `${formatVisitDay(date)}, ${hours}`;
}

export interface TextFacts {
  office: CompanyProfile;
  appliance: string;
  reference: string | null;
  /** The homeowner's language (issue 39): a Spanish request is texted in Spanish. */
  language?: Locale;
}

/** The visit a "booked" text is about: the first, the return visit after a part, a callback. */
export type BookedVisitKind = "repair" | "return" | "warranty";
const bookedVisitWords: Record<BookedVisitKind, string> = {
  repair: "repair visit",
  return: "return visit",
  warranty: "free warranty visit",
};

export const textBodies = {
  received({ office, appliance, reference, language }: TextFacts, link: string): string {
    const ref = reference ? ` ${reference}` : "";
    if (language === "es") {
      return `${office.shortName}: recibimos su solicitud${ref} para reparar su ${spanishApplianceText(appliance)}. Vea o cambie su cita: ${link} ${spanishStopLine}`;
    }
    return `${office.shortName}: we got your ${applianceName(appliance, { inSentence: true })} repair request${ref}. See or change it: ${link} ${stopLine}`;
  },
  booked(
    { office, appliance, language }: TextFacts,
    visit: { date: string; window: TimeSlotId; technician: string | null; kind: BookedVisitKind },
  ): string {
    if (language === "es") {
      const who = visit.technician ? ` con ${visit.technician}` : "";
      return `${office.shortName}: su ${spanishBookedVisitWords[visit.kind]} para su ${spanishApplianceText(appliance)} es el ${spanishShortVisit(visit.date, visit.window)}${who}. ${spanishStopLine}`;
    }
    const what = bookedVisitWords[visit.kind];
    const who = visit.technician ? ` with ${visit.technician}` : "";
    return `${office.shortName}: your ${applianceName(appliance, { inSentence: true })} ${what} is booked for ${shortVisit(visit.date, visit.window)}${who}. ${stopLine}`;
  },
  reminder(
    { office, appliance, language }: TextFacts,
    visit: { date: string; window: TimeSlotId },
  ): string {
    if (language === "es") {
      return `${office.shortName}: su visita para su ${spanishApplianceText(appliance)} es mañana, ${spanishShortVisit(visit.date, visit.window)}. Preguntas: ${formatPhone(office.phone)}. ${spanishStopLine}`;
    }
    return `${office.shortName}: reminder, your ${applianceName(appliance, { inSentence: true })} repair visit is tomorrow, ${shortVisit(visit.date, visit.window)}. Questions: ${formatPhone(office.phone)}. ${stopLine}`;
  },
  onTheWay({ office, language }: TextFacts, technician: string, arrivingAbout: string): string {
    if (language === "es") {
      return `${office.shortName}: ${technician} va en camino, llega a eso de las ${arrivingAbout}. ${spanishStopLine}`;
    }
    return `${office.shortName}: ${technician} is on the way, arriving about ${arrivingAbout}. ${stopLine}`;
  },
  /**
   * The estimate waits for an answer: "Alex sent an estimate: $195. Review and approve", with the
   * private page's link (two segments, like the confirmation's).
   */
  estimateSent(
    { office, language }: TextFacts,
    technician: string,
    total: string,
    link: string,
  ): string {
    if (language === "es") {
      return `${office.shortName}: ${technician} le manda un presupuesto de ${total}. Véalo y apruébelo: ${link} ${spanishStopLine}`;
    }
    return `${office.shortName}: ${technician} sent an estimate: ${total}. Review and approve: ${link} ${stopLine}`;
  },
  /**
   * The technician's "Text pay link": the balance, and Stripe's payment page for it (no private
   * link: the page pays this amount and shows nothing else of the request).
   */
  payLink({ office, language }: TextFacts, due: string, url: string): string {
    if (language === "es") {
      return `${office.shortName}: el saldo de su servicio es ${due}. Pague con tarjeta: ${url} ${spanishStopLine}`;
    }
    return `${office.shortName}: your repair balance is ${due}. Pay by card: ${url} ${stopLine}`;
  },
  done({ office, appliance, language }: TextFacts): string {
    if (language === "es") {
      return `${office.shortName}: ya terminamos el trabajo en su ${spanishApplianceText(appliance)}. ¡Gracias! Preguntas: ${formatPhone(office.phone)}. ${spanishStopLine}`;
    }
    return `${office.shortName}: your ${applianceName(appliance, { inSentence: true })} repair is done. Thank you! Questions: ${formatPhone(office.phone)}. ${stopLine}`;
  },
  /**
   * The review request (and its one reminder): the private page's rating form, at its anchor
   * when that still fits one segment, else the page itself, else without the name.
   */
  reviewRequest({ office, language }: TextFacts, technician: string, link: string): string {
    const fits = (body: string) => body.length <= 160;
    const asked = (who: string, to: string) =>
      language === "es"
        ? `${office.shortName}: ¿Qué tal ${who === "we" ? "lo hicimos" : `lo hizo ${who}`}? ${to} ${spanishStopLine}`
        : `${office.shortName}: How did ${who} do? ${to} ${stopLine}`;
    const tries = [asked(technician, `${link}#review`), asked(technician, link), asked("we", link)];
    return tries.find(fits) ?? tries.at(-1)!;
  },
  stopped(office: CompanyProfile, language: Locale = "en"): string {
    if (language === "es") {
      return `${office.shortName}: ya no le enviaremos mensajes. Responda START para volver a recibirlos.`;
    }
    return `${office.shortName}: you will get no more texts from us. Reply START to get them again.`;
  },
  started(office: CompanyProfile, language: Locale = "en"): string {
    if (language === "es") {
      return `${office.shortName}: le enviaremos de nuevo mensajes sobre su servicio. ${spanishStopLine}`;
    }
    return `${office.shortName}: texts about your repair are on again. Reply STOP to end them.`;
  },
  help(office: CompanyProfile, language: Locale = "en"): string {
    if (language === "es") {
      return `${office.shortName}: llame al ${formatPhone(office.phone)}, 8AM-6PM, excepto domingos. ${spanishStopLine}`;
    }
    return `${office.shortName}: call ${formatPhone(office.phone)}, ${office.hours}. Reply STOP to end texts.`;
  },
};

/**
 * True when every character is in the GSM-7 basic set (one segment holds 160 of them): with the
 * letters Spanish needs that it has (é, ñ, ü, ¿, ¡; not á, í, ó, ú).
 */
export function isGsm7(text: string): boolean {
  return /^[A-Za-z0-9 @$_!"#%&'()*+,\-./:;<=>?\n\réÉñÑüÜ¿¡]*$/.test(text);
}
