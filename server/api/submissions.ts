import { randomBytes, randomUUID } from "node:crypto";

import { and, eq, isNotNull, sql } from "drizzle-orm";

import type { ServiceRequest } from "~/features/booking/schema";
import type { ContactMessage } from "~/features/contact/schema";
import type { NewsletterSubscription } from "~/features/newsletter/schema";

import type { Transaction } from "../db/database";
import { contactMessages, newsletterSubscribers, serviceRequests } from "../db/schema";
import { contactEmails } from "../mail/contact-emails";
import type { MailContext } from "../mail/context";
import { welcomeEmail } from "../mail/newsletter-emails";
import { serviceRequestEmails } from "../mail/service-request-emails";
import { enqueueEmails } from "../outbox/enqueue";
import type { SubmissionAnswer } from "./idempotency";

function created(id: string): SubmissionAnswer {
  return { statusCode: 201, body: { success: true, id } };
}

export async function storeServiceRequest(
  tx: Transaction,
  request: ServiceRequest,
  mail: MailContext,
): Promise<SubmissionAnswer> {
  const id = randomUUID();
  await tx.insert(serviceRequests).values({
    id,
    office: mail.office.stateSlug,
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
  });
  await enqueueEmails(tx, id, serviceRequestEmails({ ...request, id }, mail));
  return created(id);
}

export async function storeContactMessage(
  tx: Transaction,
  contact: ContactMessage,
  mail: MailContext,
): Promise<SubmissionAnswer> {
  const id = randomUUID();
  await tx.insert(contactMessages).values({
    id,
    office: mail.office.stateSlug,
    name: contact.name,
    lastName: contact.lastName,
    email: contact.email,
    phone: contact.phone,
    subject: contact.subject,
    message: contact.message,
  });
  await enqueueEmails(tx, id, contactEmails({ ...contact, id }, mail));
  return created(id);
}

/**
 * One row per mailbox. A new subscriber, or one coming back after unsubscribing, gets a
 * welcome; subscribing again while subscribed succeeds and sends nothing.
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
    })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning();
  const [welcomedBack] = inserted
    ? []
    : await tx
        .update(newsletterSubscribers)
        .set({ unsubscribedAt: null, subscribedAt: sql`now()`, office: mail.office.stateSlug })
        .where(
          and(
            eq(newsletterSubscribers.email, email),
            isNotNull(newsletterSubscribers.unsubscribedAt),
          ),
        )
        .returning();
  const subscriber = inserted ?? welcomedBack;
  if (subscriber) {
    await enqueueEmails(tx, subscriber.id, [welcomeEmail(subscriber, mail)]);
    return created(subscriber.id);
  }
  const [existing] = await tx
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  if (!existing) throw new Error("A subscriber conflicting on email was not found");
  return { statusCode: 200, body: { success: true, id: existing.id } };
}
