/**
 * A number's daily texts, counted apart for each cause (the website's, the office's), hold with
 * several workers sending at once: each admission is counted under a lock on the number, so on
 * PostgreSQL, where the workers' transactions really overlap, no budget is overrun.
 */
import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { texts, type NewText } from "../db/schema";
import { testDatabases } from "../test-support/databases";
import { uniquePhone } from "../test-support/fixtures";
import { startTestServer, type TestServer } from "../test-support/server";
import { startTwilioStandIn, type TwilioStandIn } from "../test-support/twilio";
import { e164Of } from "./phone-numbers";
import { twilioProvider } from "./provider";
import { TextWorker } from "./text-worker";

const databases = await testDatabases();

const perDay = 5;

/** Noon in Houston: no quiet hours, and after the database's own now(). */
function daytime(): Date {
  const now = new Date();
  const noon = new Date(`${now.toISOString().slice(0, 10)}T17:00:00Z`);
  return noon.getTime() > now.getTime() ? noon : new Date(noon.getTime() + 86_400_000);
}

for (const database of databases) {
  describe.skipIf(!database.available)(`A number's daily texts on ${database.label}`, () => {
    let server: TestServer;
    let provider: TwilioStandIn;

    beforeAll(async () => {
      provider = await startTwilioStandIn();
      server = await startTestServer({ database, env: provider.env, startWorker: false });
    }, 60_000);
    afterAll(async () => {
      await server?.close();
      await provider?.close();
    });

    test(`six workers at once send ${perDay} of the website's and ${perDay} of the office's, hold the rest, and answer every keyword`, async () => {
      const { db } = server.serverApp.database;
      const number = e164Of(uniquePhone())!;
      const row = (kind: string, cause: NewText["cause"]): NewText => ({
        id: randomUUID(),
        kind,
        cause,
        to: number,
        body: `Easy Appliance Repair: ${kind}. Reply STOP to end texts.`,
        office: "texas",
      });
      await db
        .insert(texts)
        .values([
          ...Array.from({ length: 12 }, () => row("text.received", "website")),
          ...Array.from({ length: 12 }, () => row("text.on-the-way", "office")),
          row("text.reply.help", "website"),
          row("text.reply.help", "website"),
        ]);
      const now = daytime();
      const workers = Array.from(
        { length: 6 },
        () =>
          new TextWorker({
            db,
            provider: twilioProvider({
              accountSid: provider.accountSid,
              authToken: provider.authToken,
              from: provider.env.SMS_FROM!,
              apiBase: provider.env.TWILIO_API_BASE!,
              timeoutMs: 10_000,
            }),
            leaseSeconds: 60,
            pollMs: 50,
            maxAttempts: 3,
            backoffBaseMs: 10,
            backoffMaxMs: 10,
            batchSize: 1,
            perNumberPerDay: perDay,
            now: () => now,
          }),
      );
      await Promise.all(workers.map((worker) => worker.drain()));

      const rows = await db.select().from(texts).where(eq(texts.to, number));
      const count = (kind: string, status: string) =>
        rows.filter((text) => text.kind === kind && text.status === status).length;
      expect(count("text.received", "queued")).toBe(perDay);
      expect(count("text.received", "held")).toBe(12 - perDay);
      expect(count("text.on-the-way", "queued")).toBe(perDay);
      expect(count("text.on-the-way", "held")).toBe(12 - perDay);
      // Replies to a keyword are no budget's.
      expect(count("text.reply.help", "queued")).toBe(2);
      expect(provider.received.filter((text) => text.to === number)).toHaveLength(2 * perDay + 2);
      for (const text of rows.filter((each) => each.status === "held")) {
        expect(text.lastError).toBe(
          text.cause === "office"
            ? "Held: this number had 5 texts from the office and the technicians in 24 hours"
            : "Held: this number had 5 texts from the website (bookings and request pages) in 24 hours",
        );
        expect(text.sentAt).toBeNull();
      }
    });
  });
}
