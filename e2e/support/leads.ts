import { randomUUID } from "node:crypto";

import type { Page } from "@playwright/test";
import pg from "pg";

import { firstName } from "~/domain/names";

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

/** The emails this worker has read from the SMTP server so far, in the order received. */
const emailsRead: ReceivedEmail[] = [];

/** Every email the real SMTP server has received in this run: those not read yet are fetched. */
export async function receivedEmails(): Promise<readonly ReceivedEmail[]> {
  const response = await fetch(`${process.env.E2E_MAILBOX_URL}/?from=${emailsRead.length}`);
  emailsRead.push(...((await response.json()) as ReceivedEmail[]));
  return emailsRead;
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
        found = (await receivedEmails()).filter(match);
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

/**
 * The lead page's booking once it is saved: the visit "Confirmed with" the technician's first
 * name, with "Saved" under it. Answers the confirmation's region (its "Change" opens the form).
 */
export async function expectConfirmed(page: Page, technicianName: string) {
  const confirmed = page.getByRole("region", {
    name: `Confirmed with ${firstName(technicianName)}`,
  });
  await expect(confirmed.getByText("Saved")).toBeVisible();
  return confirmed;
}

/**
 * Changes the booked visit on the lead page already open: "Change" opens the booking form filled
 * with the booking; a day, a window and the technician's account, then "Save the change".
 */
export async function changeBooking(
  page: Page,
  visit: { date?: string; window?: string; technician?: string },
) {
  const booked = page.getByRole("region", { name: /^Confirmed with / });
  const form = booked.getByRole("form", { name: "Change the visit" });
  // Opened once, it stays open after a booking that changed nothing.
  if (!(await form.isVisible())) await booked.locator("summary", { hasText: "Change" }).click();
  if (visit.date) await form.getByLabel("Visit date").fill(visit.date);
  if (visit.window) await form.getByLabel("Visit window").selectOption(visit.window);
  if (visit.technician) {
    await form.getByLabel("Assign to").selectOption({ label: visit.technician });
  }
  await form.getByRole("button", { name: "Save the change" }).click();
}
