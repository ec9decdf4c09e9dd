/** A mailbox as nodemailer takes it; the name is always passed through `headerSafe`. */
export interface Mailbox {
  name: string;
  address: string;
}

export interface MessageAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/**
 * A fully rendered email, stored as JSON in the outbox when its lead is stored and handed to
 * nodemailer unchanged when it is sent: what is delivered is what was decided at enqueue time.
 */
export interface OutboxMessage {
  from: Mailbox;
  to: string;
  replyTo?: Mailbox;
  subject: string;
  text: string;
  html: string;
  /** Built from the lead, so a receiver can drop a duplicate delivery. */
  messageId: string;
  headers?: Record<string, string>;
  attachments?: MessageAttachment[];
}

/**
 * Who caused a message, which decides whose daily budget it is counted in
 * (../outbox/customer-limit.ts, ../texts/text-worker.ts):
 * - "website": someone on the public site, whom nobody of ours has checked: a form's automatic
 *   answer (a booking's confirmation, a repeat's link, a contact's acknowledgement, a welcome)
 *   or a change on a private page (whoever booked holds its link). Anyone can type another
 *   person's email or phone, so this is the budget a stranger can spend.
 * - "office": a person of the office or the field, for a request they worked: the visit booked,
 *   its reminder, On my way, a part, Done, the receipt, the review request, an email the desk
 *   sent again. A stranger cannot spend it, so the homeowner's real messages always have room.
 */
export const messageCauses = ["website", "office"] as const;
export type MessageCause = (typeof messageCauses)[number];

/** An email to enqueue: the message, what it is about, and who caused it. */
export interface OutgoingEmail {
  kind: string;
  cause: MessageCause;
  message: OutboxMessage;
}
