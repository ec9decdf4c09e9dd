import { randomUUID } from "node:crypto";

import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { outbox, serviceRequests } from "../db/schema";
import { testDatabases } from "../test-support/databases";
import { serviceRequest, uniquePhone, type SuccessBody } from "../test-support/fixtures";
import { startTestServer, type TestServer } from "../test-support/server";
import { copiesByMessageId, waitForOutboxSent } from "./support/deliveries";

const databases = await testDatabases();
const leadsEmail = "leads@example.net";

for (const database of databases) {
  describe.skipIf(!database.available)(`Submissions at once on ${database.label}`, () => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer({ database, env: { LEADS_EMAIL: leadsEmail } });
    });
    afterAll(async () => {
      await server?.close();
    });

    // A retry sends the same request: one phone per name.
    const phones = new Map<string, string>();
    const phoneOf = (name: string) => phones.get(name) ?? phones.set(name, uniquePhone()).get(name);

    async function submitAll(requests: { key: string; name: string }[]) {
      const responses = await Promise.all(
        requests.map(({ key, name }) =>
          server.post(
            "/api/send-email",
            serviceRequest({ name, email: "", phone: phoneOf(name) }),
            {
              headers: { "Idempotency-Key": key },
            },
          ),
        ),
      );
      return Promise.all(
        responses.map(async (response) => ({
          status: response.status,
          body: (await response.json()) as SuccessBody,
        })),
      );
    }

    /** Each lead's rows, outbox rows and company emails, once the outbox has drained. */
    async function deliveriesOf(ids: readonly string[]) {
      const { db } = server.serverApp.database;
      await waitForOutboxSent(db, ids);
      const stored = await db
        .select({ id: serviceRequests.id })
        .from(serviceRequests)
        .where(inArray(serviceRequests.id, [...ids]));
      const emails = await db
        .select({ subjectId: outbox.subjectId, messageId: outbox.message })
        .from(outbox)
        .where(inArray(outbox.subjectId, [...ids]));
      const copies = copiesByMessageId(
        server.smtp.received.filter((email) => email.envelopeTo.join() === leadsEmail),
      );
      return {
        stored: stored.length,
        outboxRows: emails.length,
        delivered: ids.map((id) => copies.get(`<service-request-${id}@repair.example.test>`) ?? 0),
      };
    }

    test("200 requests at once: 200 rows, 200 company emails, none lost, none twice", async () => {
      const requests = Array.from({ length: 200 }, (_, index) => ({
        key: randomUUID(),
        name: `Concurrent ${index}`,
      }));
      const answers = await submitAll(requests);
      expect(answers.map((answer) => answer.status)).toEqual(requests.map(() => 201));
      const ids = answers.map((answer) => answer.body.id);
      expect(new Set(ids).size).toBe(200);

      const { stored, outboxRows, delivered } = await deliveriesOf(ids);
      expect(stored).toBe(200);
      expect(outboxRows).toBe(200);
      expect(delivered).toEqual(ids.map(() => 1));
    });

    test("50 keys each sent four times at once: 50 rows, one email each, one answer per key", async () => {
      const keys = Array.from({ length: 50 }, () => randomUUID());
      const requests = keys.flatMap((key, index) =>
        Array.from({ length: 4 }, () => ({ key, name: `Retried ${index}` })),
      );
      const answers = await submitAll(requests);
      expect(answers.every((answer) => answer.status === 201)).toBe(true);
      const idsByKey = new Map<string, Set<string>>();
      answers.forEach((answer, index) => {
        const key = requests[index]!.key;
        idsByKey.set(key, (idsByKey.get(key) ?? new Set()).add(answer.body.id));
      });
      expect([...idsByKey.values()].map((ids) => ids.size)).toEqual(keys.map(() => 1));
      const ids = [...idsByKey.values()].map((set) => [...set][0]!);

      const { stored, outboxRows, delivered } = await deliveriesOf(ids);
      expect(stored).toBe(50);
      expect(outboxRows).toBe(50);
      expect(delivered).toEqual(ids.map(() => 1));
    });
  });
}
