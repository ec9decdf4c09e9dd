/**
 * The review request, its one reminder, and the owners' alert for a low rating (with the
 * homeowner's phone to call). The homeowner's emails are the same for everyone (no gating): the
 * question, the private page's rating form (a placeholder the outbox worker fills in) and the
 * company's Google reviews.
 */
import type { CompanyProfile } from "~/content/company";
import { applianceName } from "~/domain/appliances";
import { requestPageWords } from "~/domain/request-page-words";
import { reviewWords, starsText } from "~/domain/reviews";
import { formatUsPhone } from "~/lib/form-rules";
import type { Locale } from "~/lib/locale";

import { messageId, type MailContext } from "./context";
import {
  brandedHtml,
  brandedText,
  deskLink,
  escapeHtml,
  fieldsAsHtml,
  fieldsAsText,
  headerSafe,
  htmlDocument,
  paragraphsAsHtml,
  type BrandedEmail,
  type EmailField,
} from "./format";
import { homeownerWords, type HomeownerWords } from "./homeowner-words";
import type { OutgoingEmail } from "./message";
import { privateLinkPlaceholder } from "./private-links";

export const reviewEmailKinds = {
  request: "review.request.customer",
  reminder: "review.reminder.customer",
  lowRating: "review.low-rating.owner",
} as const;

export interface ReviewRequest {
  requestId: string;
  email: string;
  appliance: string;
  reference: string | null;
  /** "Alex": the technician's first name only. */
  technician: string;
  googleReviewsUrl: string;
  /** The homeowner's language (issue 39): the email's words follow it. */
  language: Locale;
}

/** The review request's words in each language (issue 39). */
interface ReviewRequestWords {
  common: HomeownerWords;
  question(technician: string): string;
  reminderSubject(question: string): string;
  preview(applianceNoun: string): string;
  rate: string;
  asked(technician: string, applianceNoun: string, office: CompanyProfile): string;
  reminded(technician: string, applianceNoun: string): string;
  stars: string;
  google(url: string): string;
}

const reviewRequestWords: Record<Locale, ReviewRequestWords> = {
  en: {
    common: homeownerWords.en,
    question: (technician) => `How did ${technician} do?`,
    reminderSubject: (question) => `Reminder: ${question}`,
    preview: (applianceNoun) =>
      `Tell us about your ${applianceNoun} repair: 1 to 5 stars, a minute at most.`,
    rate: "Rate your repair",
    asked: (technician, applianceNoun, office) =>
      `Thank you for choosing ${office.shortName}. How did ${technician} do with your ${applianceNoun} repair?`,
    reminded: (technician, applianceNoun) =>
      `A few days ago we asked how ${technician} did with your ${applianceNoun} repair. If you have a minute, we would still like to know. This is the only reminder.`,
    stars:
      "Choose 1 to 5 stars on your request's page and, if you like, tell us more. We read every answer.",
    google: (url) => `${reviewWords.googleNote} ${reviewWords.google}: ${url}`,
  },
  es: {
    common: homeownerWords.es,
    // As the text asks it (server/texts/messages.ts).
    question: (technician) => `¿Qué tal lo hizo ${technician}?`,
    reminderSubject: (question) => `Recordatorio: ${question}`,
    preview: (applianceNoun) =>
      `Cuéntenos cómo le fue con la reparación de su ${applianceNoun}: de 1 a 5 estrellas, en menos de un minuto.`,
    rate: "Calificar su reparación",
    asked: (technician, applianceNoun, office) =>
      `Gracias por elegir a ${office.shortName}. ¿Qué tal lo hizo ${technician} con la reparación de su ${applianceNoun}?`,
    reminded: (technician, applianceNoun) =>
      `Hace unos días le preguntamos qué tal lo hizo ${technician} con la reparación de su ${applianceNoun}. Si tiene un minuto, todavía nos gustaría saberlo. Este es el único recordatorio.`,
    stars:
      "Elija de 1 a 5 estrellas en la página de su solicitud y, si quiere, cuéntenos más. Leemos todas las respuestas.",
    // The private page's words for the same (its Spanish review section).
    google: (url) => `${requestPageWords.es.googleNote} ${requestPageWords.es.google}: ${url}`,
  },
};

/** "How did Alex do?", with the rating form's link; `reminder` for the one reminder. */
export function reviewRequestEmail(
  request: ReviewRequest,
  context: MailContext,
  { reminder = false }: { reminder?: boolean } = {},
): OutgoingEmail {
  const { office } = context;
  const words = reviewRequestWords[request.language];
  const { common } = words;
  const applianceNoun = common.applianceNoun(request.appliance);
  const question = words.question(request.technician);
  const formLink = `${privateLinkPlaceholder(context.siteUrl, request.requestId)}#review`;
  const email: BrandedEmail = {
    language: request.language,
    title: question,
    preview: words.preview(applianceNoun),
    siteUrl: context.siteUrl,
    companyName: common.officeName(office),
    facts: [
      ...(request.reference ? [{ label: common.labels.reference, value: request.reference }] : []),
      { label: common.labels.appliance, value: common.appliance(request.appliance) },
      { label: common.labels.technician, value: request.technician },
    ],
    action: { label: words.rate, url: formLink },
    paragraphs: [
      reminder
        ? words.reminded(request.technician, applianceNoun)
        : words.asked(request.technician, applianceNoun, office),
      words.stars,
      words.google(request.googleReviewsUrl),
      `${common.questions} ${common.call(office)}`,
    ],
    footer: common.footer(office),
  };
  return {
    kind: reminder ? reviewEmailKinds.reminder : reviewEmailKinds.request,
    // Scheduled by the technician's Done.
    cause: "office",
    message: {
      from: context.from,
      to: request.email,
      replyTo: { name: office.name, address: office.email },
      subject: headerSafe(reminder ? words.reminderSubject(question) : question),
      text: brandedText(email),
      html: brandedHtml(email),
      messageId: messageId(
        `review-${request.requestId}-${reminder ? "reminder" : "request"}`,
        context,
      ),
    },
  };
}

export interface LowRating {
  reviewId: string;
  leadId: string;
  ownerId: string;
  ownerEmail: string;
  rating: number;
  words: string;
  appliance: string;
  reference: string | null;
  technician: string;
  firstName: string;
  /** The homeowner's phone as they typed it ("" once erased): the owner calls them back. */
  phone: string;
}

/**
 * An owner told of a rating of 3 or less: whom to call (the homeowner's phone, a call link in the
 * HTML and the number in the text), what was said, and where to read it in the desk. An office
 * email like Can't fix's (server/mail/field-emails.ts), not a homeowner's branded one.
 */
export function lowRatingEmail(review: LowRating, context: MailContext): OutgoingEmail {
  const { office } = context;
  const site = context.siteUrl.replace(/\/$/, "");
  const title = `${reviewWords.needsAttention}: ${starsText(review.rating)} for ${review.technician || "a repair"}`;
  const phone = formatUsPhone(review.phone) || review.phone;
  const phoneDigits = review.phone.replace(/[^\d+]/g, "");
  const call = phoneDigits === "" ? null : reviewWords.call(review.firstName, phone);
  const fields: EmailField[] = [
    { label: "Rating", value: `${starsText(review.rating)} of 5` },
    { label: "Reference", value: review.reference ?? "" },
    { label: "Appliance", value: applianceName(review.appliance) },
    { label: "Technician", value: review.technician || "Not recorded" },
    { label: "Homeowner", value: review.firstName || "Not given" },
    { label: "Phone", value: phone },
    { label: "Office", value: office.name },
  ];
  const paragraphs = [
    review.words === "" ? "They wrote nothing more." : `They wrote: ${review.words}`,
    "Call them back, then mark it handled with a few words of what was done.",
    `Every answer is on ${site}/office/reviews.`,
  ];
  const desk = deskLink(context.siteUrl, review.leadId);
  return {
    kind: reviewEmailKinds.lowRating,
    // The homeowner's answer on the private page.
    cause: "website",
    message: {
      from: context.from,
      to: review.ownerEmail,
      subject: headerSafe(title),
      text: [title, ...(call ? [call] : []), ...paragraphs, fieldsAsText(fields), desk.text]
        .join("\n\n")
        .concat("\n"),
      html: htmlDocument(
        title,
        [
          `<h1 style="font-size:20px">${escapeHtml(title)}</h1>`,
          call
            ? `<p><a href="tel:${escapeHtml(phoneDigits)}" style="font-weight:bold">${escapeHtml(call)}</a></p>`
            : "",
          paragraphsAsHtml(paragraphs),
          fieldsAsHtml(fields),
          desk.html,
        ]
          .filter((part) => part !== "")
          .join("\n"),
      ),
      messageId: messageId(`review-${review.reviewId}-owner-${review.ownerId}`, context),
    },
  };
}
