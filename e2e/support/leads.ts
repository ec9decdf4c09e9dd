import { randomUUID } from "node:crypto";

import pg from "pg";

import { expect } from "./fixtures";

export interface ReceivedEmail {
  envelopeTo: string[];
  subject: string;
  replyTo: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  attachments: { filename: string; contentType: string; content: string }[];
}

/** A name no other journey uses, so each test finds its own lead. */
export function uniqueName(first: string) {
  return `${first} Tester${randomUUID().slice(0, 6)}`;
}

/** Waits until the real SMTP server has received the emails that `match` picks. */
export async function waitForEmails(
  match: (email: ReceivedEmail) => boolean,
  count: number,
): Promise<ReceivedEmail[]> {
  let found: ReceivedEmail[] = [];
  await expect
    .poll(
      async () => {
        const response = await fetch(`${process.env.E2E_MAILBOX_URL}/`);
        const emails = (await response.json()) as ReceivedEmail[];
        found = emails.filter(match);
        return found.length;
      },
      { timeout: 20_000, message: "emails at the SMTP server" },
    )
    .toBe(count);
  return found;
}

export const databaseAvailable = Boolean(process.env.E2E_DATABASE_URL);

/** Rows from the journeys' database (PostgreSQL). */
export async function queryRows<Row extends Record<string, unknown>>(
  sql: string,
  values: unknown[],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<Row>(sql, values)).rows;
  } finally {
    await client.end();
  }
}
