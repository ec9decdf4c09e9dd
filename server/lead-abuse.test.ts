// What a stranger can do with the public lead endpoints (issue "Safe to launch"): a repeat
// request reveals nothing, an Idempotency-Key replays only its own request, IPv6 clients are
// limited by their /64, and one client cannot hold a day's window places.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { noPlaceHeldMessage, repeatRequestMessage } from "~/lib/form-result";

import { keyReusedMessage } from "./leads/idempotency";
import {
  idempotencyKeys,
  leadEvents,
  newsletterSubscribers,
  serviceRequests,
  windowPlaces,
} from "./db/schema";
import { testDatabases } from "./test-support/databases";
import { contactMessage, serviceRequest, uniquePhone } from "./test-support/fixtures";
import { freshClientIp, startTestServer, type TestServer } from "./test-support/server";
import { isFederalHoliday } from "~/domain/holidays";

const databases = await testDatabases();

interface Answer {
  status: number;
  body: Record<string, unknown>;
  text: string;
}

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Record<string, unknown>, text };
}

/** A date a few weeks ahead that is not a Sunday, in yyyy-mm-dd. */
function weekdayAhead(days: number): string {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  while (date.getUTCDay() === 0 || isFederalHoliday(date.toISOString().slice(0, 10))) {
    date.setUTCDate(date.getUTCDate() + 1);
  }
  return date.toISOString().slice(0, 10);
}

for (const database of databases) {
  describe.skipIf(!database.available)(`Lead abuse (${database.label})`, () => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer({
        database,
        env: { RATE_LIMIT_MAX: "3", WINDOW_CAPACITY: "4", PLACES_PER_CLIENT: "3" },
      });
    });
    afterAll(async () => {
      await server?.close();
    });

    test("a repeat request with someone's phone answers nothing of their request and emails their link only to them", async () => {
      const phone = uniquePhone();
      const first = await answerOf(
        await server.post(
          "/api/send-email",
          serviceRequest({
            phone,
            name: "Maria Alvarez",
            email: "maria.alvarez@example.com",
            address: "4410 Bellaire Blvd, Houston, TX",
            preferredDate: "",
            preferredTime: "",
          }),
        ),
      );
      expect(first.status).toBe(201);
      const firstId = first.body.id as string;
      const firstUrl = first.body.requestUrl as string;
      await server.smtp.waitForEmails(2);
      const before = server.smtp.received.length;

      const stranger = await answerOf(
        await server.post(
          "/api/send-email",
          serviceRequest({
            phone,
            name: "Not Maria",
            email: "stranger@example.net",
            address: "1 Elsewhere Rd",
            description: "Just looking",
            preferredDate: "",
            preferredTime: "",
            companyEmail: "newjersey@easyappliancerepair.com",
          }),
        ),
      );
      expect(stranger.status).toBe(200);
      expect(stranger.body).toEqual({
        success: true,
        duplicate: true,
        message: repeatRequestMessage,
      });
      const firstReference = first.body.reference as string;
      expect(firstReference).toMatch(/^R-/);
      for (const secret of [
        firstId,
        new URL(firstUrl).pathname,
        firstReference,
        "Maria",
        "Bellaire",
      ]) {
        expect(stranger.text).not.toContain(secret);
      }

      const emails = await server.smtp.waitForEmails(before + 2);
      const sent = emails.slice(before);
      const toMaria = sent.find((email) => email.envelopeTo.includes("maria.alvarez@example.com"));
      const toOffice = sent.find((email) => email.parsed.subject?.startsWith("Repeat request"));
      expect(toMaria?.parsed.text).toContain(new URL(firstUrl).pathname);
      expect(toMaria?.parsed.text).not.toContain("Just looking");
      expect(toOffice?.envelopeTo).toEqual(["texas@easyappliancerepair.com"]);
      expect(toOffice?.parsed.text).toContain("Just looking");
      // The office is told what changed, and where the lead is.
      expect(toOffice?.parsed.text).toContain("What changed:");
      expect(toOffice?.parsed.text).toContain("Problem: Not cooling since Monday → Just looking");
      expect(toOffice?.parsed.text).toMatch(
        new RegExp(`Open in the desk: \\S+/office/leads/${firstId}`),
      );
      expect(sent.some((email) => email.envelopeTo.includes("stranger@example.net"))).toBe(false);

      const { db } = server.serverApp.database;
      const [stored] = await db
        .select()
        .from(serviceRequests)
        .where(eq(serviceRequests.id, firstId));
      expect(stored!.email).toBe("maria.alvarez@example.com");
      expect(stored!.notes).toContain("Just looking");
      const events = await db.select().from(leadEvents).where(eq(leadEvents.leadId, firstId));
      expect(events.map((event) => event.kind)).toContain("repeated");
    });

    test("a repeat never adopts the email a stranger gives: a first request without one gets no email", async () => {
      const phone = uniquePhone();
      const first = await server.post(
        "/api/send-email",
        serviceRequest({ phone, email: "", preferredDate: "", preferredTime: "" }),
      );
      expect(first.status).toBe(201);
      const firstId = ((await first.json()) as { id: string }).id;
      await server.smtp.waitForEmails(1);
      const repeat = await server.post(
        "/api/send-email",
        serviceRequest({
          phone,
          email: "attacker@example.net",
          preferredDate: "",
          preferredTime: "",
        }),
      );
      expect(repeat.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(
        server.smtp.received.some((email) => email.envelopeTo.includes("attacker@example.net")),
      ).toBe(false);
      const { db } = server.serverApp.database;
      const [stored] = await db
        .select()
        .from(serviceRequests)
        .where(eq(serviceRequests.id, firstId));
      expect(stored!.email).toBe("");
    });

    test("an Idempotency-Key replays its own request and refuses any other, even at once", async () => {
      const key = crypto.randomUUID();
      const mine = serviceRequest({ preferredDate: "", preferredTime: "" });
      const theirs = serviceRequest({ preferredDate: "", preferredTime: "", name: "Other Person" });
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          server
            .post("/api/send-email", index % 2 === 0 ? mine : theirs, {
              headers: { "Idempotency-Key": key },
            })
            .then(answerOf),
        ),
      );
      const created = answers.filter((answer) => answer.status === 201);
      const refused = answers.filter((answer) => answer.status === 422);
      // One request won the key; every copy of it got its answer, every other request a 422.
      expect(created.length).toBe(5);
      expect(refused.length).toBe(5);
      expect(new Set(created.map((answer) => answer.body.id)).size).toBe(1);
      for (const answer of refused) {
        expect(answer.body).toEqual({ success: false, error: keyReusedMessage });
      }
      const { db } = server.serverApp.database;
      const [recorded] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.endpoint, "/send-email"), eq(idempotencyKeys.key, key)));
      expect(recorded!.requestHash).toMatch(/^[A-Za-z0-9_-]{43}$/);

      // The same fields in another order are the same request.
      const winner = answers.findIndex((answer) => answer.status === 201) % 2 === 0 ? mine : theirs;
      const reordered = Object.fromEntries(Object.entries(winner).reverse());
      const again = await server.post("/api/send-email", reordered, {
        headers: { "Idempotency-Key": key },
      });
      expect(again.status).toBe(201);
      expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    });

    test("the newsletter's Idempotency-Key is bound to its email too", async () => {
      const key = crypto.randomUUID();
      const first = await server.post(
        "/api/send-subscribe-email",
        { email: `first-${key}@example.com`, companyEmail: "texas@easyappliancerepair.com" },
        { headers: { "Idempotency-Key": key } },
      );
      expect(first.status).toBe(201);
      const other = await answerOf(
        await server.post(
          "/api/send-subscribe-email",
          { email: `other-${key}@example.com`, companyEmail: "texas@easyappliancerepair.com" },
          { headers: { "Idempotency-Key": key } },
        ),
      );
      expect(other.status).toBe(422);
      expect(other.text).not.toContain("first-");
      const { db } = server.serverApp.database;
      expect(
        await db.$count(
          newsletterSubscribers,
          eq(newsletterSubscribers.email, `other-${key}@example.com`),
        ),
      ).toBe(0);
    });

    test("an IPv6 client is limited by its /64, whichever address of it sends", async () => {
      const network = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
      const statuses: number[] = [];
      for (const host of [":1", ":2", "abcd:1234:5678:9abc", "ffff:ffff:ffff:fffe"]) {
        const response = await server.post("/api/send-contact-email", contactMessage(), {
          ip: `${network}:${host}`,
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
      const neighbour = await server.post("/api/send-contact-email", contactMessage(), {
        ip: `${network.replace(/:7$/, ":8")}::1`,
      });
      expect(neighbour.status).toBe(201);

      const newsletterNetwork = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:9`;
      const newsletter: number[] = [];
      for (let index = 0; index < 4; index += 1) {
        const response = await server.post(
          "/api/send-subscribe-email",
          { email: `v6-${index}-${Date.now()}@example.com` },
          { ip: `${newsletterNetwork}::${index + 1}` },
        );
        newsletter.push(response.status);
      }
      expect(newsletter).toEqual([201, 201, 201, 429]);
    });
  });

  describe.skipIf(!database.available)(`Places per client (${database.label})`, () => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer({
        database,
        env: { RATE_LIMIT_MAX: "100", WINDOW_CAPACITY: "4", PLACES_PER_CLIENT: "3" },
        withPages: true,
      });
    });
    afterAll(async () => {
      await server?.close();
    });

    test("a stranger cannot fill a day: 12 requests at once from one /64 hold 3 places, all are stored, and a customer still books", async () => {
      const date = weekdayAhead(12);
      const network = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:2`;
      const windows = ["morning", "afternoon", "evening"] as const;
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          server
            .post(
              "/api/send-email",
              serviceRequest({
                name: `Filler ${index}`,
                preferredDate: date,
                preferredTime: windows[index % 3],
              }),
              { ip: `${network}::${index + 1}` },
            )
            .then(answerOf),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(201));
      const withoutPlace = answers.filter((answer) => answer.body.placeHeld === false);
      expect(withoutPlace).toHaveLength(9);
      for (const answer of withoutPlace) {
        expect(answer.body.message).toBe(noPlaceHeldMessage);
        expect(answer.body.requestUrl).toEqual(expect.any(String));
      }
      // The private page says so too; a request that holds its place does not.
      const pageOf = async (answer: Answer) =>
        (
          await fetch(new URL(new URL(String(answer.body.requestUrl)).pathname, server.baseUrl))
        ).text();
      const calledBack = noPlaceHeldMessage.replace("'", "&#x27;");
      expect(await pageOf(withoutPlace[0]!)).toContain(calledBack);
      const holding = answers.find((answer) => answer.body.placeHeld === undefined)!;
      expect(await pageOf(holding)).not.toContain(calledBack);

      const { db } = server.serverApp.database;
      const rows = await db
        .select()
        .from(serviceRequests)
        .where(eq(serviceRequests.preferredDate, date));
      expect(rows).toHaveLength(12);
      expect(rows.filter((row) => row.heldDate !== null)).toHaveLength(3);
      expect(rows.every((row) => row.clientKey !== null && !row.clientKey.includes("2001"))).toBe(
        true,
      );
      const places = await db.select().from(windowPlaces).where(eq(windowPlaces.date, date));
      expect(places.reduce((sum, place) => sum + place.taken, 0)).toBe(3);

      // Every one reached the office.
      await server.smtp.waitForEmails(24, 20_000);

      const customer = await answerOf(
        await server.post(
          "/api/send-email",
          serviceRequest({ preferredDate: date, preferredTime: "morning" }),
          { ip: freshClientIp() },
        ),
      );
      expect(customer.status).toBe(201);
      expect(customer.body.placeHeld).toBeUndefined();
    });
  });
}
