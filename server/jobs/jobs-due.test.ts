import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, test, vi } from "vitest";

import { outbox } from "../db/schema";
import { testDatabases } from "../test-support/databases";
import { expectCreated, serviceRequest, uniquePhone, waitUntil } from "../test-support/fixtures";
import { startTestServer, type TestServer } from "../test-support/server";
import { daytimeShiftMs } from "../test-support/text-hours";
import { startTwilioStandIn, type TwilioStandIn } from "../test-support/twilio";
import { e164Of } from "../texts/phone-numbers";

// The workers poll once a minute here: what goes out within seconds went out because it was
// stored (the "jobs_due" notice of migration 0050) or fell due (a back-off's end), not by a poll.
const databases = await testDatabases();
const minutePoll = {
  OUTBOX_POLL_MS: "60000",
  OUTBOX_BACKOFF_BASE_MS: "300",
  OUTBOX_BACKOFF_MAX_MS: "300",
};

for (const database of databases) {
  describe.skipIf(!database.available)(
    `Emails and texts go out when stored or due on ${database.label}`,
    () => {
      let server: TestServer;
      let provider: TwilioStandIn;

      beforeAll(async () => {
        provider = await startTwilioStandIn();
        server = await startTestServer({
          database,
          env: { ...provider.env, ...minutePoll },
          // Texts wait out quiet hours: the app's clock is in Houston's text hours.
          now: () => new Date(Date.now() + daytimeShiftMs),
        });
      });
      afterAll(async () => {
        await server?.close();
        await provider?.close();
      });

      test("an email stored by a path that tells no worker (another process, the staff command) goes out at once", async () => {
        const messageId = `<${randomUUID()}@jobs-due.test>`;
        await server.serverApp.database.db.insert(outbox).values({
          id: randomUUID(),
          kind: "staff.invitation",
          subjectId: randomUUID(),
          message: {
            from: { name: "Easy Appliance Repair", address: "office@example.com" },
            to: "new.technician@example.com",
            subject: "You are invited to the office desk",
            text: "Your invitation to the office desk.",
            html: "<p>Your invitation to the office desk.</p>",
            messageId,
          },
        });
        await waitUntil(
          () => server.smtp.received.some((email) => email.parsed.messageId === messageId),
          10_000,
        );
      });

      test("a booking's text goes out at once, and an email the mail server refused goes again at its back-off's end", async () => {
        const phone = uniquePhone();
        const homeowner = `due-${randomUUID()}@example.com`;
        server.smtp.refusing = "Greylisted, try again later";
        const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
        try {
          await expectCreated(
            await server.post(
              "/api/send-email",
              serviceRequest({ phone, email: homeowner, textConsent: "yes" }),
            ),
          );
          await waitUntil(
            () => provider.received.some((text) => text.to === e164Of(phone)),
            10_000,
          );
          await waitUntil(() => server.smtp.refusals > 0, 10_000);
          server.smtp.refusing = null;
          await waitUntil(
            () => server.smtp.received.some((email) => email.envelopeTo.includes(homeowner)),
            10_000,
          );
        } finally {
          server.smtp.refusing = null;
          warned.mockRestore();
        }
      });
    },
  );
}
