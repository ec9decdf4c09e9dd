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

const stopLine = "Reply STOP to end texts.";

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
}

/** The visit a "booked" text is about: the first, the return visit after a part, a callback. */
export type BookedVisitKind = "repair" | "return" | "warranty";
const bookedVisitWords: Record<BookedVisitKind, string> = {
  repair: "repair visit",
  return: "return visit",
  warranty: "free warranty visit",
};

export const textBodies = {
  received({ office, appliance, reference }: TextFacts, link: string): string {
    const ref = reference ? ` ${reference}` : "";
    return `${office.shortName}: we got your ${applianceName(appliance, { inSentence: true })} repair request${ref}. See or change it: ${link} ${stopLine}`;
  },
  booked(
    { office, appliance }: TextFacts,
    visit: { date: string; window: TimeSlotId; technician: string | null; kind: BookedVisitKind },
  ): string {
    const what = bookedVisitWords[visit.kind];
    const who = visit.technician ? ` with ${visit.technician}` : "";
    return `${office.shortName}: your ${applianceName(appliance, { inSentence: true })} ${what} is booked for ${shortVisit(visit.date, visit.window)}${who}. ${stopLine}`;
  },
  reminder({ office, appliance }: TextFacts, visit: { date: string; window: TimeSlotId }): string {
    return `${office.shortName}: reminder, your ${applianceName(appliance, { inSentence: true })} repair visit is tomorrow, ${shortVisit(visit.date, visit.window)}. Questions: ${formatPhone(office.phone)}. ${stopLine}`;
  },
  onTheWay({ office }: TextFacts, technician: string, arrivingAbout: string): string {
    return `${office.shortName}: ${technician} is on the way, arriving about ${arrivingAbout}. ${stopLine}`;
  },
  /**
   * The estimate waits for an answer: "Alex sent an estimate: $195. Review and approve", with the
   * private page's link (two segments, like the confirmation's).
   */
  estimateSent({ office }: TextFacts, technician: string, total: string, link: string): string {
    return `${office.shortName}: ${technician} sent an estimate: ${total}. Review and approve: ${link} ${stopLine}`;
  },
  /**
   * The technician's "Text pay link": the balance, and Stripe's payment page for it (no private
   * link: the page pays this amount and shows nothing else of the request).
   */
  payLink({ office }: TextFacts, due: string, url: string): string {
    return `${office.shortName}: your repair balance is ${due}. Pay by card: ${url} ${stopLine}`;
  },
  done({ office, appliance }: TextFacts): string {
    return `${office.shortName}: your ${applianceName(appliance, { inSentence: true })} repair is done. Thank you! Questions: ${formatPhone(office.phone)}. ${stopLine}`;
  },
  /**
   * The review request (and its one reminder): the private page's rating form, at its anchor
   * when that still fits one segment, else the page itself, else without the name.
   */
  reviewRequest({ office }: TextFacts, technician: string, link: string): string {
    const fits = (body: string) => body.length <= 160;
    const asked = (who: string, to: string) =>
      `${office.shortName}: How did ${who} do? ${to} ${stopLine}`;
    const tries = [asked(technician, `${link}#review`), asked(technician, link), asked("we", link)];
    return tries.find(fits) ?? tries.at(-1)!;
  },
  stopped(office: CompanyProfile): string {
    return `${office.shortName}: you will get no more texts from us. Reply START to get them again.`;
  },
  started(office: CompanyProfile): string {
    return `${office.shortName}: texts about your repair are on again. Reply STOP to end them.`;
  },
  help(office: CompanyProfile): string {
    return `${office.shortName}: call ${formatPhone(office.phone)}, ${office.hours}. Reply STOP to end texts.`;
  },
};

/** True when every character is in the GSM-7 basic set (one segment holds 160 of them). */
export function isGsm7(text: string): boolean {
  return /^[A-Za-z0-9 @$_!"#%&'()*+,\-./:;<=>?\n\r]*$/.test(text);
}
