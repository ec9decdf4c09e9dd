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

/** An email to enqueue: the message and what it is about. */
export interface OutgoingEmail {
  kind: string;
  message: OutboxMessage;
}
