// A privacy request end to end (find, export, erase, and the sent emails' bodies pruned after
// MAIL_RETENTION_DAYS): one module, so that what "every record about a person" means is written once.
import { createHash, randomUUID } from "node:crypto";

import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";

import type { Database, Transaction } from "../db/database";
import type { CardPayments } from "../payments/card-payments.server";
import {
  contactMessages,
  customerEvents,
  customerKeys,
  customers,
  leadEvents,
  newsletterSubscribers,
  outbox,
  privacyAudit,
  requestPhotos,
  payments,
  requestJobs,
  requestVisits,
  reviews,
  serviceRequests,
  texts,
} from "../db/schema";
import { emailKeyOf, lockCustomerKeys, ownersOf, phoneKeyOf } from "../customers/customer-keys";
import { publishedReviewsChannel, reviewsPagePath } from "../reviews/published-reviews.server";
import { changeRequest, lockRequest, staffActor } from "../requests/request-door";
import { fromRequests } from "../requests/request-rows";
import type { ServiceRequestRow } from "../requests/visit-changes";
import type { StaffMember } from "./staff-accounts.server";

/** Who a privacy request is about: an email address, or a US phone number's ten digits. */
export type PrivacySubject = { email: string } | { phone: string };

export function privacySubjectFrom(typed: string): PrivacySubject | null {
  const text = typed.trim().toLowerCase();
  if (text.includes("@")) return /^[^\s@]+@[^\s@]+$/.test(text) ? { email: text } : null;
  let digits = text.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  return digits.length === 10 ? { phone: digits } : null;
}

const subjectHash = (subject: PrivacySubject) =>
  createHash("sha256")
    .update("email" in subject ? `email:${subject.email}` : `phone:${subject.phone}`)
    .digest("hex");

const phoneDigits = (column: typeof serviceRequests.phone | typeof contactMessages.phone) =>
  sql`regexp_replace(${column}, '[^0-9]', '', 'g')`;

/** Every record the company holds about the person, in the database (mail files aside). */
export async function findPrivacyRecords(db: Database | Transaction, subject: PrivacySubject) {
  const matches = <T extends typeof serviceRequests | typeof contactMessages>(table: T) =>
    "email" in subject
      ? sql`lower(${table.email}) = ${subject.email}`
      : sql`${phoneDigits(table.phone)} = ${subject.phone}`;
  // The person is a customer too: the customer their own phone or email finds (and any merged
  // into it), with every request of that customer, whatever phone or email it was made with. Not
  // the customer a request of theirs joined by another key: a stranger's booking with someone
  // else's email would otherwise reach that someone's whole history.
  const matched = await fromRequests(db).where(
    and(isNull(serviceRequests.erasedAt), matches(serviceRequests)),
  );
  const subjectKey = "email" in subject ? emailKeyOf(subject.email) : phoneKeyOf(subject.phone);
  const customerIds = subjectKey ? [...(await ownersOf(db, [subjectKey])).values()] : [];
  const customerRows =
    customerIds.length > 0
      ? await db
          .select()
          .from(customers)
          .where(
            and(
              isNull(customers.erasedAt),
              or(inArray(customers.id, customerIds), inArray(customers.mergedIntoId, customerIds)),
            ),
          )
      : [];
  const requests =
    customerIds.length > 0
      ? await fromRequests(db).where(
          and(
            isNull(serviceRequests.erasedAt),
            or(matches(serviceRequests), inArray(serviceRequests.customerId, customerIds)),
          ),
        )
      : matched;
  const messages = await db
    .select()
    .from(contactMessages)
    .where(and(isNull(contactMessages.erasedAt), matches(contactMessages)));
  const subscribers =
    "email" in subject
      ? await db
          .select()
          .from(newsletterSubscribers)
          .where(
            and(
              isNull(newsletterSubscribers.erasedAt),
              eq(newsletterSubscribers.email, subject.email),
            ),
          )
      : [];
  const reviewRows =
    requests.length > 0
      ? await db
          .select()
          .from(reviews)
          .where(
            inArray(
              reviews.requestId,
              requests.map((row) => row.id),
            ),
          )
      : [];
  const ids = [...requests, ...messages, ...subscribers].map((row) => row.id);
  // The owners' alert about a low rating is filed under the review.
  const emailSubjects = [...ids, ...reviewRows.map((row) => row.id)];
  const emails =
    emailSubjects.length > 0 || "email" in subject
      ? await db
          .select()
          .from(outbox)
          .where(
            or(
              emailSubjects.length > 0 ? inArray(outbox.subjectId, emailSubjects) : undefined,
              "email" in subject
                ? sql`lower(${outbox.message}->>'to') = ${subject.email}`
                : undefined,
            ),
          )
      : [];
  const notes =
    ids.length > 0
      ? await db
          .select()
          .from(leadEvents)
          // Staff notes, and the technician's words from the field (the work, the data plate),
          // the estimate's answer (the name the homeowner typed), the payment, and what the
          // homeowner said went wrong when they booked a warranty callback.
          .where(
            and(
              inArray(leadEvents.leadId, ids),
              inArray(leadEvents.kind, [
                "note",
                "field",
                "estimate",
                "payment",
                "review",
                "warranty-callback",
              ]),
            ),
          )
          // As the timeline reads them: the export is the same file each time it is asked for.
          .orderBy(asc(leadEvents.at), asc(leadEvents.id))
      : [];
  // Texts to the person's requests, and to their number (replies to STOP or HELP).
  const number = "phone" in subject ? `+1${subject.phone}` : null;
  const requestIds = requests.map((row) => row.id);
  const textRows =
    requestIds.length > 0 || number
      ? await db
          .select()
          .from(texts)
          .where(
            or(
              requestIds.length > 0 ? inArray(texts.requestId, requestIds) : undefined,
              number ? eq(texts.to, number) : undefined,
            ),
          )
      : [];
  // Each request's visits, the earlier ones too: the technician's words and what went wrong.
  const visits =
    requestIds.length > 0
      ? await db
          .select()
          .from(requestVisits)
          .where(inArray(requestVisits.requestId, requestIds))
          .orderBy(asc(requestVisits.requestId), asc(requestVisits.number))
      : [];
  // And their jobs: each estimate with the name its answer was given by, each payment.
  const jobs =
    requestIds.length > 0
      ? await db
          .select()
          .from(requestJobs)
          .where(inArray(requestJobs.requestId, requestIds))
          .orderBy(asc(requestJobs.requestId), asc(requestJobs.number))
      : [];
  // And their money: each payment, deposit and refund (the card's last four digits, why).
  const ledger =
    requestIds.length > 0
      ? await db
          .select()
          .from(payments)
          .where(inArray(payments.requestId, requestIds))
          .orderBy(asc(payments.requestId), asc(payments.createdAt))
      : [];
  return {
    customers: customerRows,
    requests,
    visits,
    jobs,
    payments: ledger,
    messages,
    subscribers,
    emails,
    notes,
    texts: textRows,
    reviews: reviewRows,
  };
}

export interface PrivacySummary {
  serviceRequests: number;
  contactMessages: number;
  subscriptions: number;
  emails: number;
  notes: number;
}

/** How many records of each kind the company holds about the person; null for unreadable text. */
export async function privacySummary(db: Database, typed: string): Promise<PrivacySummary | null> {
  const subject = privacySubjectFrom(typed);
  if (!subject) return null;
  const records = await findPrivacyRecords(db, subject);
  return {
    serviceRequests: records.requests.length,
    contactMessages: records.messages.length,
    subscriptions: records.subscribers.length,
    emails: records.emails.length,
    notes: records.notes.length,
  };
}

export type PrivacyRecords = Awaited<ReturnType<typeof findPrivacyRecords>>;

export function recordCount(records: PrivacyRecords) {
  return (
    records.customers.length +
    records.requests.length +
    records.messages.length +
    records.subscribers.length +
    records.emails.length +
    records.texts.length +
    records.reviews.length
  );
}

async function audit(
  db: Database,
  owner: StaffMember,
  action: "export" | "erase",
  subject: PrivacySubject,
  records: number,
) {
  await db.insert(privacyAudit).values({
    id: randomUUID(),
    action,
    subjectHash: subjectHash(subject),
    records,
    actorId: owner.id,
    actorName: owner.name,
  });
}

/** The records as one JSON document (the person's copy), and an audit entry. */
export async function exportPrivacyRecords(
  db: Database,
  owner: StaffMember,
  subject: PrivacySubject,
): Promise<string> {
  const records = await findPrivacyRecords(db, subject);
  await audit(db, owner, "export", subject, recordCount(records));
  const document = {
    exportedAt: new Date().toISOString(),
    about: subject,
    customers: records.customers.map((row) => withoutFields(row, ["mergedIntoId", "version"])),
    serviceRequests: records.requests.map((row) =>
      withoutFields(row, ["searchText", "accessTokenHash", "takenById"]),
    ),
    visits: records.visits,
    jobs: records.jobs,
    payments: records.payments.map((row) =>
      withoutFields(row, ["staffId", "idempotencyKey", "checkoutUrl"]),
    ),
    contactMessages: records.messages.map((row) => withoutFields(row, ["searchText"])),
    newsletterSubscriptions: records.subscribers.map((row) =>
      withoutFields(row, ["unsubscribeToken"]),
    ),
    emails: records.emails.map((email) => ({
      kind: email.kind,
      status: email.status,
      createdAt: email.createdAt,
      sentAt: email.sentAt,
      to: email.message.to,
      subject: email.message.subject,
      text: email.message.text,
    })),
    texts: records.texts.map((text) => ({
      kind: text.kind,
      status: text.status,
      to: text.to,
      text: text.body,
      createdAt: text.createdAt,
      sentAt: text.sentAt,
    })),
    reviews: records.reviews.map((review) => ({
      requestId: review.requestId,
      rating: review.rating,
      words: review.words,
      mayPublish: review.mayPublish,
      firstName: review.firstName,
      city: review.city,
      appliance: review.appliance,
      answeredAt: review.answeredAt,
      publishedAt: review.publishedAt,
    })),
    notesByStaff: records.notes.map((note) => ({
      leadId: note.leadId,
      at: note.at,
      note: note.detail,
    })),
  };
  return JSON.stringify(document, null, 2);
}

function withoutFields<Row extends object>(row: Row, fields: readonly (keyof Row)[]) {
  return Object.fromEntries(
    Object.entries(row).filter(([field]) => !fields.includes(field as keyof Row)),
  );
}

const erased = "[erased]";

/**
 * Erases the person: the personal fields of every record are removed and the rows kept (marked
 * erased) for the counts, unsent emails are cancelled, every email's content is blanked, staff
 * notes on their leads are blanked, and the audit says who did it and when. One transaction.
 */
export async function erasePrivacyRecords(
  db: Database,
  owner: StaffMember,
  subject: PrivacySubject,
  /**
   * The card payments: pay links still open at Stripe for an erased request are closed there
   * after the erasure (its page is gone; Stripe's session holds the email it was made with).
   */
  cards?: Pick<CardPayments, "closeOpenLinks">,
): Promise<number> {
  const seen = await findPrivacyRecords(db, subject);
  const erasedRequestIds: string[] = [];
  const count = await db.transaction(async (tx) => {
    await tx.execute(sql`set local app.erasing = 'on'`);
    // The customers' phones and emails first: a booking of one of them waits for the erasure,
    // then makes a new customer. Under those locks the records are read again, so a booking that
    // joined the customer in the meantime is erased too.
    const seenKeys =
      seen.customers.length > 0
        ? await tx
            .select({ key: customerKeys.key })
            .from(customerKeys)
            .where(
              inArray(
                customerKeys.customerId,
                seen.customers.map((row) => row.id),
              ),
            )
        : [];
    const subjectKey = "email" in subject ? emailKeyOf(subject.email) : phoneKeyOf(subject.phone);
    await lockCustomerKeys(tx, [
      ...seenKeys.map((row) => row.key),
      ...(subjectKey ? [subjectKey] : []),
    ]);
    const records = await findPrivacyRecords(tx, subject);
    const customerIds = records.customers.map((row) => row.id);
    if (customerIds.length > 0) {
      // Their rows locked before their keys go: an owner's edit adding a key waits, then finds
      // the customer erased.
      await tx
        .select({ id: customers.id })
        .from(customers)
        .where(inArray(customers.id, customerIds))
        .for("update");
      await tx.delete(customerKeys).where(inArray(customerKeys.customerId, customerIds));
      await tx
        .update(customers)
        .set({ name: erased, phone: "", email: "", address: "", zipCode: "", erasedAt: sql`now()` })
        .where(inArray(customers.id, customerIds));
      await tx.insert(customerEvents).values(
        customerIds.map((customerId) => ({
          id: randomUUID(),
          customerId,
          kind: "erased" as const,
          actorId: owner.id,
          actorName: owner.name,
          detail: "Erased at the person's privacy request",
        })),
      );
    }
    const requestIds = records.requests.map((row) => row.id);
    erasedRequestIds.push(...requestIds);
    if (requestIds.length > 0) {
      for (const id of requestIds) {
        const request = await lockRequest(tx, id);
        if (request) await eraseRequest(tx, request, owner);
      }
      await tx.delete(texts).where(inArray(texts.requestId, requestIds));
      // Every visit's words (the technician's and the homeowner's), and why a service call was not
      // charged: the current visit's went with the request, the earlier ones' go here.
      await tx
        .update(requestVisits)
        .set({
          detail: "",
          workDone: null,
          partsUsed: null,
          cantFixReason: null,
          partNeeded: null,
          callbackProblem: null,
          callbackPhotoId: null,
          noChargeReason: sql`case when ${requestVisits.noChargeReason} is null then null else '' end`,
        })
        .where(inArray(requestVisits.requestId, requestIds));
      // Every job's answer (the name the homeowner typed): the current job's went with the
      // request, the earlier ones' go here.
      await tx
        .update(requestJobs)
        .set({
          estimateDecidedBy: sql`case when ${requestJobs.estimateDecidedBy} is null then null else ${erased} end`,
        })
        .where(inArray(requestJobs.requestId, requestIds));
      // The ledger's amounts stay (the books need them); the card and the refunds' words go.
      await tx
        .update(payments)
        .set({
          cardLast4: null,
          reason: sql`case when ${payments.reason} is null then null else '' end`,
        })
        .where(inArray(payments.requestId, requestIds));
      // Photos are the homeowner's too: they go, not just their fields.
      await tx.delete(requestPhotos).where(inArray(requestPhotos.requestId, requestIds));
    }
    // Texts hold the number and what was said: they go (a STOP stays honoured in text_opt_outs).
    const textIds = records.texts.map((text) => text.id);
    if (textIds.length > 0) await tx.delete(texts).where(inArray(texts.id, textIds));
    const messageIds = records.messages.map((row) => row.id);
    if (messageIds.length > 0) {
      await tx
        .update(contactMessages)
        .set({
          name: erased,
          lastName: "",
          email: "",
          phone: "",
          subject: erased,
          message: "",
          visitSource: null,
          erasedAt: sql`now()`,
        })
        .where(inArray(contactMessages.id, messageIds));
    }
    for (const subscriber of records.subscribers) {
      await tx
        .update(newsletterSubscribers)
        .set({
          email: `erased+${subscriber.id}@erased.invalid`,
          unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, now())`,
          erasedAt: sql`now()`,
        })
        .where(eq(newsletterSubscribers.id, subscriber.id));
    }
    const emailIds = records.emails.map((email) => email.id);
    if (emailIds.length > 0) {
      await tx
        .update(outbox)
        .set({ status: "dead", lastError: "Cancelled: the person's data was erased" })
        .where(and(inArray(outbox.id, emailIds), inArray(outbox.status, ["pending", "sending"])));
      await tx
        .update(outbox)
        .set({
          message: sql`${outbox.message} || ${JSON.stringify({
            to: erased,
            subject: erased,
            text: "",
            html: "",
            attachments: [],
          })}::jsonb - 'replyTo'`,
        })
        .where(inArray(outbox.id, emailIds));
    }
    // The rating stays for the technicians' counts; the words, the name, the city and the
    // owner's note on a low rating go, and nothing of it is published any more.
    const reviewIds = records.reviews.map((review) => review.id);
    if (reviewIds.length > 0) {
      await tx
        .update(reviews)
        .set({
          words: "",
          firstName: "",
          city: "",
          mayPublish: false,
          publishedAt: null,
          publishedBy: null,
          handledNote: null,
        })
        .where(inArray(reviews.id, reviewIds));
      if (records.reviews.some((review) => review.publishedAt !== null)) {
        await tx.execute(sql`select pg_notify(${publishedReviewsChannel}, ${reviewsPagePath})`);
      }
    }
    const noteIds = records.notes.map((note) => note.id);
    if (noteIds.length > 0) {
      await tx.update(leadEvents).set({ detail: erased }).where(inArray(leadEvents.id, noteIds));
    }
    return recordCount(records);
  });
  await audit(db, owner, "erase", subject, count);
  for (const id of erasedRequestIds) await cards?.closeOpenLinks(id);
  return count;
}

/** One request's personal fields blanked, through the door: its open views reload, its forms are stale. */
async function eraseRequest(tx: Transaction, request: ServiceRequestRow, owner: StaffMember) {
  await changeRequest(
    tx,
    request,
    {
      set: {
        name: erased,
        email: "",
        phone: "",
        address: "",
        zipCode: "",
        brand: "",
        model: "",
        serialNumber: "",
        description: "",
        notes: "",
        workDone: null,
        partsUsed: null,
        cantFixReason: null,
        partNeeded: null,
        callbackProblem: null,
        callbackPhotoId: null,
        estimateDecidedBy: request.estimateDecidedBy === null ? null : erased,
        textConsentPhone: null,
        accessTokenHash: null,
        // Where they came from (a click id names them to the ad network): gone too.
        visitSource: null,
        erasedAt: sql`now()`,
      },
      event: { kind: "erased", detail: "Personal data erased on request" },
    },
    staffActor(owner),
  );
}

/** Blanks the bodies of emails sent more than `days` ago (MAIL_RETENTION_DAYS). */
export async function pruneSentEmailBodies(db: Database, days: number): Promise<void> {
  await db
    .update(outbox)
    .set({
      message: sql`${outbox.message} || '{"text":"","html":"","attachments":[]}'::jsonb`,
    })
    .where(
      and(
        eq(outbox.status, "sent"),
        sql`${outbox.sentAt} < now() - ${days} * interval '1 day'`,
        sql`(${outbox.message}->>'text' <> '' or ${outbox.message}->>'html' <> '')`,
      ),
    );
}
