/**
 * The review request, its one reminder, and the owners' alert for a low rating (with the
 * homeowner's phone to call). The homeowner's emails are the same for everyone (no gating): the
 * question, the private page's rating form (a placeholder the outbox worker fills in) and the
 * company's Google reviews.
 */
import { formatPhone } from "~/content/company";
import { applianceName } from "~/domain/appliances";
import { reviewWords, starsText } from "~/domain/reviews";
import { formatUsPhone } from "~/lib/form-rules";

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
}

/** "How did Alex do?", with the rating form's link; `reminder` for the one reminder. */
export function reviewRequestEmail(
  request: ReviewRequest,
  context: MailContext,
  { reminder = false }: { reminder?: boolean } = {},
): OutgoingEmail {
  const { office } = context;
  const appliance = applianceName(request.appliance);
  const applianceNoun = applianceName(request.appliance, { inSentence: true });
  const question = `How did ${request.technician} do?`;
  const formLink = `${privateLinkPlaceholder(context.siteUrl, request.requestId)}#review`;
  const email: BrandedEmail = {
    title: question,
    preview: `Tell us about your ${applianceNoun} repair: 1 to 5 stars, a minute at most.`,
    siteUrl: context.siteUrl,
    companyName: office.name,
    facts: [
      ...(request.reference ? [{ label: "Reference", value: request.reference }] : []),
      { label: "Appliance", value: appliance },
      { label: "Technician", value: request.technician },
    ],
    action: { label: "Rate your repair", url: formLink },
    paragraphs: [
      reminder
        ? `A few days ago we asked how ${request.technician} did with your ${applianceNoun} repair. If you have a minute, we would still like to know. This is the only reminder.`
        : `Thank you for choosing ${office.shortName}. How did ${request.technician} do with your ${applianceNoun} repair?`,
      "Choose 1 to 5 stars on your request's page and, if you like, tell us more. We read every answer.",
      `${reviewWords.googleNote} ${reviewWords.google}: ${request.googleReviewsUrl}`,
      `Questions? Call ${formatPhone(office.phone)}, ${office.hours}.`,
    ],
    footer: [office.name, formatPhone(office.phone), office.hours],
  };
  return {
    kind: reminder ? reviewEmailKinds.reminder : reviewEmailKinds.request,
    // Scheduled by the technician's Done.
    cause: "office",
    message: {
      from: context.from,
      to: request.email,
      replyTo: { name: office.name, address: office.email },
      subject: headerSafe(reminder ? `Reminder: ${question}` : question),
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
