import { webSourceOf, type VisitSource } from "~/domain/visit-source";
import { randomBytes, randomUUID } from "node:crypto";

import { and, eq, isNotNull, sql } from "drizzle-orm";

import { profileForState, type CompanyProfile } from "~/content/company";
import { safetyConcerns } from "~/domain/safety";
import { textConsentWordsIn } from "~/domain/texts";
import type { ServiceRequest } from "~/domain/service-request";
import type { ContactMessage } from "~/domain/contact-message";
import type { NewsletterSubscription } from "~/domain/newsletter";
import type { PricePolicy } from "~/domain/after-the-job";

import type { Transaction } from "../db/database";
import {
  newsletterSubscribers,
  type NewContactMessage,
  type NewServiceRequest,
} from "../db/schema";
import { contactEmails } from "../mail/contact-emails";
import type { MailContext } from "../mail/context";
import { welcomeEmail } from "../mail/newsletter-emails";
import { repeatRequestEmails } from "../mail/repeat-request-emails";
import { serviceRequestEmails } from "../mail/service-request-emails";
import { enqueueEmails, outboxRows } from "../outbox/enqueue";
import { RequestLinks } from "../requests/request-links";
import { privateLinkPlaceholder } from "../mail/private-links";
import { textBodies } from "../texts/messages";
import { e164Of } from "../texts/phone-numbers";
import { repeatKeyFor } from "../requests/repeats";
import type { SubmissionAnswer } from "./idempotency";
import type { LeadWrite } from "./lead-writer";

/** The page the dialog was open on, as a path of ours; the dialog's own when it is not one. */
function consentPageOf(page: string): string {
  return /^\/(?!\/)[\w\-./?=&%]{0,199}$/.test(page) ? page : "/modals/schedule";
}

function created(id: string, reference?: string): SubmissionAnswer {
  return { statusCode: 201, body: { success: true, id, ...(reference ? { reference } : {}) } };
}

export type PlannedLeadWrite = Omit<LeadWrite, "scope">;

export interface ServiceRequestSender {
  links: RequestLinks;
  /** The request's short reference ("R-7K3F"), from `RequestReferences`. */
  reference: string;
  /** The stored form of the client's address (`clientKeys`). */
  clientKey: string;
  /** The mail context of the office of a request this one may repeat. */
  mailFor(office: CompanyProfile): MailContext;
  /** The office's price policy, for the confirmation's service-call line (none: no line). */
  pricePolicy?: PricePolicy | null;
  /** Where the homeowner came from on the web, if their cookie said. */
  visitSource?: VisitSource | null;
}

export function serviceRequestWrite(
  request: ServiceRequest,
  mail: MailContext,
  {
    links,
    reference,
    clientKey,
    mailFor,
    pricePolicy = null,
    visitSource = null,
  }: ServiceRequestSender,
): PlannedLeadWrite {
  const id = randomUUID();
  const requestUrl = links.urlFor(id);
  const serviceRequest: NewServiceRequest = {
    id,
    office: mail.office.stateSlug,
    accessTokenHash: RequestLinks.hashOf(links.tokenFor(id)),
    reference,
    selectedAppliance: request.selectedAppliance,
    name: request.name,
    email: request.email,
    phone: request.phone,
    address: request.address,
    zipCode: request.zipCode,
    preferredDate: request.preferredDate === "" ? null : request.preferredDate,
    preferredTime: request.preferredTime,
    brand: request.brand,
    model: request.model,
    serialNumber: request.serialNumber,
    description: request.description,
    notes: request.notes,
    language: request.language,
    safetyConcerns: safetyConcerns(request.description),
    clientKey,
    // The fee the confirmation states is the one the request keeps.
    quotedServiceCallCents: pricePolicy?.serviceCallCents ?? null,
    quotedServiceCallRule: pricePolicy?.serviceCallRule ?? null,
    quotedServiceCallRuleEs: pricePolicy?.serviceCallRuleEs ?? null,
    visitSource,
    // Credited to the last visit that said where it came from (a returning customer's is theirs:
    // ./lead-writer.ts), "website" when none did.
    ...(({ source, detail }) => ({ source, sourceDetail: detail }))(
      webSourceOf(visitSource?.last ?? null),
    ),
  };
  // Ticked, for a number a text can reach: the consent as shown, and the first text.
  const textTo = request.textConsent ? e164Of(request.phone) : null;
  if (textTo) {
    Object.assign(serviceRequest, {
      textConsentWords: textConsentWordsIn(request.language),
      textConsentAt: mail.createdAt,
      textConsentPage: consentPageOf(request.textConsentPage),
      textConsentPhone: textTo,
    });
  }
  return {
    answer: created(id, reference),
    serviceRequest,
    emails: outboxRows(
      id,
      serviceRequestEmails({ ...request, id, reference, requestUrl }, mail, pricePolicy),
    ),
    ...(textTo
      ? {
          texts: [
            {
              id: randomUUID(),
              requestId: id,
              kind: "text.received",
              cause: "website",
              to: textTo,
              body: textBodies.received(
                {
                  office: mail.office,
                  appliance: request.selectedAppliance,
                  reference,
                  language: request.language,
                },
                privateLinkPlaceholder(mail.siteUrl, id),
              ),
              office: mail.office.stateSlug,
              consentAt: mail.createdAt,
            },
          ],
        }
      : {}),
    ...(request.preferredDate !== "" && request.preferredTime !== ""
      ? {
          place: {
            office: mail.office.stateSlug,
            date: request.preferredDate,
            window: request.preferredTime,
          },
        }
      : {}),
    repeatOf: repeatKeyFor(request, mail.createdAt),
    repeatEmails: (first) =>
      outboxRows(
        first.id,
        repeatRequestEmails(
          { ...first, requestUrl: links.urlFor(first.id) },
          { ...request, id },
          mailFor(profileForState(first.office)),
        ),
      ),
  };
}

export function contactMessageWrite(
  contact: ContactMessage,
  mail: MailContext,
  visitSource: VisitSource | null = null,
): PlannedLeadWrite {
  const id = randomUUID();
  const contactMessage: NewContactMessage = {
    visitSource,
    id,
    office: mail.office.stateSlug,
    name: contact.name,
    lastName: contact.lastName,
    email: contact.email,
    phone: contact.phone,
    subject: contact.subject,
    message: contact.message,
    language: contact.language,
  };
  return {
    answer: created(id),
    contactMessage,
    emails: outboxRows(id, contactEmails({ ...contact, id }, mail)),
  };
}

/**
 * One row per mailbox. A new subscriber, or one coming back after unsubscribing, gets a
 * welcome; subscribing again while subscribed succeeds and sends nothing. Every answer is a
 * first subscription's, with an id of its own, so it never tells a stranger whether an address
 * is on the list.
 */
export async function subscribeToNewsletter(
  tx: Transaction,
  subscription: NewsletterSubscription,
  mail: MailContext,
): Promise<SubmissionAnswer> {
  const email = subscription.email.toLowerCase();
  const [inserted] = await tx
    .insert(newsletterSubscribers)
    .values({
      id: randomUUID(),
      email,
      office: mail.office.stateSlug,
      unsubscribeToken: randomBytes(32).toString("base64url"),
      language: subscription.language,
    })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning();
  const [welcomedBack] = inserted
    ? []
    : await tx
        .update(newsletterSubscribers)
        .set({
          unsubscribedAt: null,
          subscribedAt: sql`now()`,
          office: mail.office.stateSlug,
          language: subscription.language,
        })
        .where(
          and(
            eq(newsletterSubscribers.email, email),
            isNotNull(newsletterSubscribers.unsubscribedAt),
          ),
        )
        .returning();
  const subscriber = inserted ?? welcomedBack;
  if (!subscriber) return created(randomUUID());
  await enqueueEmails(tx, subscriber.id, [welcomeEmail(subscriber, mail)]);
  return created(subscriber.id);
}
