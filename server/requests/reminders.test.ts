import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { parseConfig } from "../config";
import { outbox } from "../db/schema";
import { testDatabases } from "../test-support/databases";
import { serviceRequest, waitUntil } from "../test-support/fixtures";
import { requestRow, setRequest } from "../test-support/request-rows";
import { startTestServer, testSiteUrl, type TestServer } from "../test-support/server";
import { HomeownerRequests } from "./homeowner-requests";
import { RequestLinks, requestLinkSecret } from "./request-links";
import { reminderKind, reminderTime, visitScheduled, type VisitContext } from "./visit-changes";

const databases = await testDatabases();

for (const database of databases) {
  describe.skipIf(!database.available)(`Visit reminders on ${database.label}`, () => {
    let server: TestServer;
    // The worker's clock: a reminder is due at 18:00 office time the evening before the visit.
    let clock = new Date();
    let visits: VisitContext;

    beforeAll(async () => {
      server = await startTestServer({ database, now: () => clock, startWorker: false });
      const { db } = server.serverApp.database;
      visits = {
        config: parseConfig({ SITE_URL: testSiteUrl, WINDOW_CAPACITY: "100" }),
        links: new RequestLinks(await requestLinkSecret(db), testSiteUrl),
        now: () => clock,
      };
    });
    afterAll(async () => {
      await server?.close();
    });

    /** A request for `date`, booked by the office for the morning (as the desk does it). */
    async function bookedVisit(date: string, email: string) {
      clock = new Date();
      const response = await server.post(
        "/api/send-email",
        serviceRequest({ email, preferredDate: date, preferredTime: "afternoon" }),
      );
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      const { db } = server.serverApp.database;
      await setRequest(db, id, {
        status: "scheduled",
        scheduledDate: date,
        scheduledWindow: "morning",
        technician: "Luis Ortega",
      });
      const row = await requestRow(db, id);
      await db.transaction(async (tx) => {
        await visitScheduled(tx, row, visits);
      });
      return id;
    }

    async function sendDue() {
      while ((await server.serverApp.outbox.runOnce()) > 0) {
        // until nothing more is due at this clock
      }
    }

    function remindersTo(email: string) {
      return server.smtp.received.filter(
        (message) =>
          message.envelopeTo.includes(email) && (message.parsed.subject ?? "").includes("tomorrow"),
      );
    }

    test("the reminder waits for 18:00 the evening before, is sent then, and only once", async () => {
      const email = `reminded-${Date.now()}@example.com`;
      const date = "2031-10-14";
      const id = await bookedVisit(date, email);
      const remindAt = reminderTime("texas", date);
      expect(remindAt.toISOString()).toBe("2031-10-13T23:00:00.000Z");
      const { db } = server.serverApp.database;
      const [row] = await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.subjectId, id), eq(outbox.kind, reminderKind)));
      expect(row?.nextAttemptAt.toISOString()).toBe(remindAt.toISOString());

      clock = new Date(remindAt.getTime() - 60_000);
      await sendDue();
      await server.smtp.waitForEmails(server.smtp.received.length);
      expect(remindersTo(email)).toHaveLength(0);

      clock = new Date(remindAt.getTime() + 60_000);
      await sendDue();
      await waitUntil(() => remindersTo(email).length === 1);
      await sendDue();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(remindersTo(email)).toHaveLength(1);
      expect(remindersTo(email)[0]!.parsed.text).toContain(
        "Tue, Oct 14, 8:00 AM - 12:00 PM Central",
      );
    });

    test("a cancelled visit's reminder is never sent", async () => {
      const email = `cancelled-${Date.now()}@example.com`;
      const date = "2031-10-15";
      const id = await bookedVisit(date, email);
      const requests = new HomeownerRequests(server.serverApp.database.db, visits, () => {});
      expect(await requests.cancel(visits.links.tokenFor(id))).toEqual({ ok: true });

      clock = new Date(reminderTime("texas", date).getTime() + 60_000);
      await sendDue();
      await server.smtp.waitForEmails(server.smtp.received.length);
      expect(remindersTo(email)).toHaveLength(0);
      const { db } = server.serverApp.database;
      const [row] = await db
        .select({ status: outbox.status })
        .from(outbox)
        .where(and(eq(outbox.subjectId, id), eq(outbox.kind, reminderKind)));
      expect(row?.status).toBe("cancelled");
    });
  });
}
