/**
 * What a stranger can make us send to a homeowner, on the real server, database and SMTP server:
 * at most CUSTOMER_EMAILS_PER_DAY emails to one address from the website's forms (several workers
 * at once; what the office causes has its own budget: ./homeowner-budgets.test.ts), nothing the
 * visitor typed repeated or made a link, and no working private link kept in the stored email
 * once it is sent.
 */
import { and, eq, inArray } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { parseConfig } from "../config";
import { outbox, serviceRequests } from "../db/schema";
import { OutboxWorker } from "../outbox/worker";
import {
  RequestLinks,
  requestLinkSecret,
  rotateRequestLinkSecret,
} from "../requests/request-links";
import { visitScheduled, type VisitContext } from "../requests/visit-changes";
import { testDatabases } from "../test-support/databases";
import {
  contactMessage,
  emailsAbout,
  expectCreated,
  newJerseyEmail,
  serviceRequest,
  texasEmail,
} from "../test-support/fixtures";
import { requestRow, setRequest } from "../test-support/request-rows";
import type { ReceivedEmail } from "../test-support/smtp";
import { startTestServer, testSiteUrl, type TestServer } from "../test-support/server";
import { createMailTransport } from "./transport";

const databases = await testDatabases();

const evilUrl = "https://evil.example/login";
const bait = {
  name: `Jane <a href="${evilUrl}">Doe</a> www.evil.example`,
  address: `1200 Main St, Houston, TX ${evilUrl} victim@evil.example`,
  description: `Your account is locked. Sign in at ${evilUrl} <a href="${evilUrl}">here</a>`,
  notes: `Call 1-800-555-0100 or visit www.evil.example/help`,
};

/** Every URL a mail client would make a link of in a text part. */
function linksInText(text: string): string[] {
  return [...text.matchAll(/\b(?:https?:\/\/|www\.)[^\s<>"]+/gi)].map((match) => match[0]);
}

function hrefsIn(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/gi)].map((match) => match[1] ?? "");
}

function allOf(email: ReceivedEmail): string {
  const { text = "", html = "", attachments } = email.parsed;
  const files = attachments.map((file) => file.content.toString("utf8").replace(/\r\n[ \t]/g, ""));
  return [email.parsed.subject ?? "", text, typeof html === "string" ? html : "", ...files].join(
    "\n",
  );
}

const privateLinkPattern = new RegExp(`${testSiteUrl}/requests/[A-Za-z0-9_-]{43}`, "g");

for (const database of databases) {
  describe.skipIf(!database.available)(`Customer emails on ${database.label}`, () => {
    let server: TestServer;
    let visits: VisitContext;
    const db = () => server.serverApp.database.db;

    beforeAll(async () => {
      server = await startTestServer({
        database,
        withPages: true,
        startWorker: false,
        env: { CUSTOMER_EMAILS_PER_DAY: "10" },
      });
      visits = {
        config: parseConfig({ SITE_URL: testSiteUrl, WINDOW_CAPACITY: "100" }),
        links: new RequestLinks(await requestLinkSecret(db()), testSiteUrl),
        now: () => new Date(),
      };
    }, 60_000);
    afterAll(async () => {
      await server?.close();
    });

    const drain = () => server.serverApp.outbox.drain();
    const to = (address: string) =>
      server.smtp.received.filter((email) =>
        email.envelopeTo.some((recipient) => recipient.toLowerCase() === address),
      );

    async function book(overrides: Record<string, unknown>): Promise<{ id: string; url: string }> {
      const response = await server.post("/api/send-email", serviceRequest(overrides));
      const body = (await response.clone().json()) as { requestUrl?: string };
      const { id } = await expectCreated(response);
      return { id, url: body.requestUrl ?? "" };
    }

    /** GETs a link of the site on the test server. */
    const open = (url: string) => fetch(`${server.baseUrl}${new URL(url).pathname}`);

    test("the homeowner's emails repeat nothing a stranger typed and link nothing of theirs; the office's keep it all", async () => {
      const victim = "bait-victim@example.org";
      const { id } = await book({ ...bait, email: victim });
      const contact = await expectCreated(
        await server.post(
          "/api/send-contact-email",
          contactMessage({
            name: bait.name,
            lastName: `Smith ${evilUrl}`,
            subject: `Reset your password at ${evilUrl}`,
            message: bait.description,
            email: victim,
          }),
        ),
      );
      await setRequest(db(), id, {
        status: "scheduled",
        scheduledDate: "2031-07-15",
        scheduledWindow: "morning",
      });
      const row = await requestRow(db(), id);
      await db().transaction(async (tx) => {
        await visitScheduled(tx, row, visits);
      });
      await drain();
      const toHomeowner = to(victim);
      // The confirmation, the visit booked (its reminder waits for its evening), the acknowledgement.
      expect(toHomeowner.map((email) => email.parsed.subject).sort()).toEqual([
        "We received your message",
        "We received your service request: Refrigerator",
        "Your repair visit is booked: Tue, Jul 15, 8:00 AM - 12:00 PM Central",
      ]);
      for (const email of toHomeowner) {
        const everything = allOf(email);
        expect(everything).not.toMatch(/evil/i);
        expect(everything).not.toContain("account is locked");
        expect(everything).not.toContain("1-800-555-0100");
        expect(everything).not.toContain("Reset your password");
        expect(everything).not.toMatch(/<a href="https:\/\/evil/i);
        const html = typeof email.parsed.html === "string" ? email.parsed.html : "";
        for (const href of hrefsIn(html)) expect(href).toMatch(privateLinkPattern);
        for (const link of linksInText(email.parsed.text ?? "")) {
          expect(link).toMatch(privateLinkPattern);
        }
      }
      const [invite] = toHomeowner
        .filter((email) => email.parsed.subject?.startsWith("Your repair visit"))
        .flatMap((email) => email.parsed.attachments);
      const ics = invite!.content.toString("utf8").replace(/\r\n[ \t]/g, "");
      // An address a link could be made of is left out of the homeowner's calendar, and the
      // homeowner is named nowhere.
      expect(ics).not.toContain("LOCATION");
      expect(ics).toMatch(/^ATTENDEE;[^:]*RSVP=FALSE:mailto:bait-victim@example\.org$/m);

      const office = emailsAbout(server.smtp.received, id).filter((email) =>
        email.envelopeTo.includes(texasEmail),
      );
      expect(office).toHaveLength(1);
      for (const value of [evilUrl, "Your account is locked", "www.evil.example/help", "Houston"]) {
        expect(office[0]?.parsed.text).toContain(value);
      }
      const officeContact = emailsAbout(server.smtp.received, contact.id).find((email) =>
        email.envelopeTo.includes(newJerseyEmail),
      );
      expect(officeContact?.parsed.text).toContain(`Reset your password at ${evilUrl}`);
    });

    test("a sent email keeps no working private link; the delivered one has it, in text, HTML and calendar", async () => {
      const email = `link-${Date.now()}@example.org`;
      const { id, url } = await book({ email });
      await drain();
      const [delivered] = to(email);
      const links = [...(delivered?.parsed.text ?? "").matchAll(privateLinkPattern)].map(
        (match) => match[0],
      );
      expect(links).toEqual([url]);
      const html = typeof delivered?.parsed.html === "string" ? delivered.parsed.html : "";
      expect(hrefsIn(html)).toEqual([url]);
      const event = new ICAL.Component(
        ICAL.parse(delivered!.parsed.attachments[0]!.content.toString("utf8")),
      ).getFirstSubcomponent("vevent");
      expect(event?.getFirstPropertyValue("url")).toBe(url);
      expect(event?.getFirstPropertyValue("description")).toContain(url);

      const token = url.split("/").pop()!;
      const rows = await db().select().from(outbox).where(eq(outbox.subjectId, id));
      expect(rows.map((row) => row.status)).toEqual(["sent", "sent"]);
      for (const row of rows) {
        const stored = JSON.stringify(row.message);
        expect(stored).not.toContain(token);
        expect(stored).not.toMatch(/\/requests\/[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/);
      }

      expect((await open(url)).status).toBe(200);

      // A repeat (same phone and appliance) emails the first request's link again: the same rule.
      const phone = (
        await db()
          .select({ phone: serviceRequests.phone })
          .from(serviceRequests)
          .where(eq(serviceRequests.id, id))
      )[0]!.phone;
      const repeat = await server.post("/api/send-email", serviceRequest({ phone, email: "" }));
      expect(repeat.status).toBe(200);
      await drain();
      const again = to(email).find((message) => message.parsed.subject?.startsWith("Your "));
      expect([...(again?.parsed.text ?? "").matchAll(privateLinkPattern)].map((m) => m[0])).toEqual(
        [url],
      );
      for (const row of await db().select().from(outbox).where(eq(outbox.subjectId, id))) {
        expect(JSON.stringify(row.message)).not.toContain(token);
      }
    });

    test("one address gets at most 10 of our emails a day from the website's forms, whichever form, with five workers at once", async () => {
      const victim = `capped-${Date.now()}@example.org`;
      const variants = [victim, victim.toUpperCase(), victim.replace("@", "+tag@")];
      const leadIds: string[] = [];
      for (let index = 0; index < 12; index += 1) {
        const { id } = await book({
          email: variants[index % variants.length],
          preferredDate: "",
          preferredTime: "",
        });
        leadIds.push(id);
      }
      for (let index = 0; index < 4; index += 1) {
        const { id } = await expectCreated(
          await server.post("/api/send-contact-email", contactMessage({ email: victim })),
        );
        leadIds.push(id);
      }
      const subscribed = await expectCreated(
        await server.post("/api/send-subscribe-email", {
          email: variants[1],
          companyEmail: newJerseyEmail,
        }),
      );
      leadIds.push(subscribed.id);
      const bystander = `bystander-${Date.now()}@example.org`;
      leadIds.push((await book({ email: bystander, preferredDate: "", preferredTime: "" })).id);

      const transports = [0, 1, 2, 3, 4].map(() =>
        createMailTransport({ smtpUrl: server.smtp.url, mailDir: "" }),
      );
      const workers = transports.map(
        (transport) =>
          new OutboxWorker({
            db: db(),
            transport,
            leaseSeconds: 60,
            pollMs: 50,
            maxAttempts: 3,
            backoffBaseMs: 10,
            backoffMaxMs: 10,
            batchSize: 2,
            customerEmailsPerDay: 10,
          }),
      );
      try {
        await Promise.all(workers.map((worker) => worker.drain()));
      } finally {
        for (const transport of transports) transport.close();
      }

      const normalised = (address: string) => address.toLowerCase().replace(/\+[^@]*@/, "@");
      const toVictim = server.smtp.received.filter((email) =>
        email.envelopeTo.some((recipient) => normalised(recipient) === victim),
      );
      expect(toVictim).toHaveLength(10);
      expect(to(bystander)).toHaveLength(1);
      const rows = await db().select().from(outbox).where(inArray(outbox.subjectId, leadIds));
      const officeRows = rows.filter((row) => row.kind.endsWith(".company"));
      expect(officeRows).toHaveLength(17);
      expect(officeRows.every((row) => row.status === "sent")).toBe(true);
      const held = rows.filter((row) => row.status === "held");
      expect(held).toHaveLength(7);
      for (const row of held) {
        expect(row.lastError).toBe(
          "Held: this address had 10 emails from the website (bookings, messages and request pages) in 24 hours",
        );
      }
      expect(rows.filter((row) => !["sent", "held"].includes(row.status))).toEqual([]);

      // Later the same day: still none.
      const later = await book({ email: victim, preferredDate: "", preferredTime: "" });
      await drain();
      const [laterRow] = await db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.subjectId, later.id), eq(outbox.kind, "service-request.customer")));
      expect(laterRow?.status).toBe("held");

      // A batch held back whole does not stop the worker: what comes after it still goes out.
      const welcomes: string[] = [];
      for (const tag of ["a", "b", "c", "d"]) {
        const address = tag === "d" ? `late-${bystander}` : victim.replace("@", `+${tag}@`);
        const { id } = await expectCreated(
          await server.post("/api/send-subscribe-email", {
            email: address,
            companyEmail: newJerseyEmail,
          }),
        );
        welcomes.push(id);
      }
      const transport = createMailTransport({ smtpUrl: server.smtp.url, mailDir: "" });
      const worker = new OutboxWorker({
        db: db(),
        transport,
        leaseSeconds: 60,
        pollMs: 50,
        maxAttempts: 3,
        backoffBaseMs: 10,
        backoffMaxMs: 10,
        batchSize: 3,
        customerEmailsPerDay: 10,
      });
      try {
        await worker.drain();
      } finally {
        transport.close();
      }
      const welcomeRows = await db()
        .select()
        .from(outbox)
        .where(inArray(outbox.subjectId, welcomes));
      expect(welcomeRows.map((row) => [row.message.to, row.status]).sort()).toEqual(
        [
          [victim.replace("@", "+a@"), "held"],
          [victim.replace("@", "+b@"), "held"],
          [victim.replace("@", "+c@"), "held"],
          [`late-${bystander}`, "sent"],
        ].sort(),
      );
    });

    test("rotating the link secret ends every link given so far; the next email's link works", async () => {
      const email = `rotate-${Date.now()}@example.org`;
      const { id, url } = await book({ email, preferredDate: "", preferredTime: "" });
      await drain();
      expect((await open(url)).status).toBe(200);

      await rotateRequestLinkSecret(db());
      expect((await open(url)).status).toBe(404);
      const rotated = new RequestLinks(await requestLinkSecret(db()), testSiteUrl).urlFor(id);
      expect(rotated).not.toBe(url);
      expect((await open(rotated)).status).toBe(200);
    });
  });
}
