import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

import nodemailer from "nodemailer";

import type { OutboxMessage } from "./message";

/** Delivers one rendered message; resolves only once the message is accepted (or written). */
export interface MailTransport {
  send(message: OutboxMessage, id: string): Promise<void>;
  close(): void;
}

export interface MailTransportOptions {
  /** `smtp://…` or `smtps://…`; unset writes `.eml` files to `mailDir`. */
  smtpUrl?: string;
  mailDir: string;
  /** Connecting and the greeting; any later reply may take twice as long. */
  timeoutMs?: number;
}

export function createMailTransport(options: MailTransportOptions): MailTransport {
  return options.smtpUrl
    ? smtpTransport(options.smtpUrl, options.timeoutMs ?? 5_000)
    : fileTransport(options.mailDir);
}

function smtpTransport(url: string, timeoutMs: number): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 5,
    // Short time-outs: a stuck server fails the attempt, and the outbox retries it later.
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: 2 * timeoutMs,
  });
  // Each message is composed in memory first and handed to the connection as one buffer.
  // Streamed straight from the composer, every small piece of the message (a header, a
  // boundary, a line of an encoded part) was a socket write of its own, and under load those
  // writes cost more of the process than composing the message. The bytes are the same:
  // nodemailer composes them either way, and the envelope is the one it would use.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const composed = await composer.sendMail(message);
      await transporter.sendMail({ envelope: composed.envelope, raw: composed.message });
    },
    close() {
      transporter.close();
      composer.close();
    },
  };
}

function fileTransport(mailDir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message, id) {
      const info = await transporter.sendMail(message);
      await mkdir(mailDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      await writeFile(path.join(mailDir, `${stamp}-${id}.eml`), info.message);
    },
    close() {
      transporter.close();
    },
  };
}
