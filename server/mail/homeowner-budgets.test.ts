/**
 * A stranger who books again and again with someone else's email and phone must not silence that
 * person's real visit: the website's messages and the office's are counted in budgets of their
 * own for each address and number (CUSTOMER_EMAILS_PER_DAY, TEXTS_PER_NUMBER_PER_DAY), so the
 * visit booked, On my way, Done and the receipt go out whatever the website's day was. What the
 * website caused past its budget is held, and the desk shows it with "Send again"; the office's
 * budget has the same ceiling, so Send again clicked over and over floods no one. The real app,
 * database, SMTP server and a stand-in for Twilio; several workers at once.
 */
import { randomUUID } from "node:crypto";

import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { outbox, serviceRequests, texts } from "../db/schema";
import { OutboxWorker } from "../outbox/worker";
import { reviewEmailKinds } from "./review-emails";
import { testDatabases } from "../test-support/databases";
import { deskClient } from "../test-support/desk-client";
import { serviceRequest, uniquePhone } from "../test-support/fixtures";
import { freshClientIp, startTestServer, type TestServer } from "../test-support/server";
import { daytimeShiftMs } from "../test-support/text-hours";
import { startTwilioStandIn, type TwilioStandIn } from "../test-support/twilio";
import { causeOfText } from "../texts/enqueue";
import { e164Of } from "../texts/phone-numbers";
import { twilioProvider } from "../texts/provider";
import { TextWorker } from "../texts/text-worker";
import { createMailTransport } from "./transport";

const databases = await testDatabases();

const emailsPerDay = 10;
// Below the eight different appliances one phone can book in a day (a ninth is a repeat, which
// texts nothing), so that the stranger's own texts past it are held too.
const textsPerDay = 6;

const appNow = () => new Date(Date.now() + daytimeShiftMs);

const mailbox = (address: string) => address.toLowerCase().replace(/\+[^@]*@/, "@");

for (const database of databases) {
  describe.skipIf(!database.available)(`The homeowner's budgets on ${database.label}`, () => {
    let server: TestServer;
    let provider: TwilioStandIn;
    const { add, ask } = deskClient(() => server);
    let dispatcher = "";
    let alex = "";
    let alexId = "";
    const db = () => server.serverApp.database.db;

    beforeAll(async () => {
      provider = await startTwilioStandIn();
      server = await startTestServer({
        database,
        withPages: true,
        startWorker: false,
        now: appNow,
        env: {
          ...provider.env,
          CUSTOMER_EMAILS_PER_DAY: String(emailsPerDay),
          TEXTS_PER_NUMBER_PER_DAY: String(textsPerDay),
        },
      });
      dispatcher = (await add("dispatcher", "Dan Dispatch", ["texas"])).cookie;
      ({ id: alexId, cookie: alex } = await add("technician", "Alex Rivera", ["texas"]));
    }, 60_000);
    afterAll(async () => {
      await server?.close();
      await provider?.close();
    });

    /** Four outbox workers and three text workers at once, each until nothing is due at `now`. */
    async function drainEverything(now = appNow) {
      const transports = [0, 1, 2, 3].map(() =>
        createMailTransport({ smtpUrl: server.smtp.url, mailDir: "" }),
      );
      const tuning = {
        db: db(),
        leaseSeconds: 60,
        pollMs: 50,
        maxAttempts: 3,
        backoffBaseMs: 10,
        backoffMaxMs: 10,
      };
      const mailWorkers = transports.map(
        (transport) =>
          new OutboxWorker({
            ...tuning,
            transport,
            batchSize: 2,
            customerEmailsPerDay: emailsPerDay,
            now,
          }),
      );
      const textWorkers = [0, 1].map(
        () =>
          new TextWorker({
            ...tuning,
            provider: twilioProvider({
              accountSid: provider.accountSid,
              authToken: provider.authToken,
              from: provider.env.SMS_FROM!,
              apiBase: provider.env.TWILIO_API_BASE!,
              timeoutMs: 10_000,
            }),
            batchSize: 2,
            perNumberPerDay: textsPerDay,
            now,
          }),
      );
      try {
        await Promise.all([
          ...mailWorkers.map((worker) => worker.drain()),
          ...textWorkers.map((worker) => worker.drain()),
          server.serverApp.texts.drain(),
        ]);
      } finally {
        for (const transport of transports) transport.close();
      }
    }

    function emailsTo(address: string) {
      return server.smtp.received.filter((email) =>
        email.envelopeTo.some((recipient) => mailbox(recipient) === mailbox(address)),
      );
    }

    function textsTo(phone: string) {
      return provider.received.filter((text) => text.to === e164Of(phone));
    }

    /** A web booking; its id (none for a repeat, which updates the first request). */
    async function book(overrides: Record<string, unknown>, ip = freshClientIp()) {
      const answer = await server.post("/api/send-email", serviceRequest(overrides), { ip });
      const body = (await answer.json()) as { id: string };
      expect([200, 201], JSON.stringify(body)).toContain(answer.status);
      return body;
    }

    function todayInTexas() {
      return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(appNow());
    }

    function tap(fields: Record<string, string>) {
      return ask("/office/day", { cookie: alex, form: { tapKey: randomUUID(), ...fields } });
    }

    test("the kinds the office and the field cause count in the office's budget; the rest in the website's", () => {
      for (const kind of [
        "text.booked",
        "text.reminder",
        "text.on-the-way",
        "text.estimate-sent",
        "text.done",
        "text.review-request",
        "text.review-reminder",
      ]) {
        expect(causeOfText(kind), kind).toBe("office");
      }
      for (const kind of ["text.received", "text.something-new"]) {
        expect(causeOfText(kind), kind).toBe("website");
      }
      // The review request's kinds live in ../reviews; the set above must name them.
      expect(reviewEmailKinds.request).toBe("review.request.customer");
    });

    test("twelve web bookings with the victim's email and phone at once: the real visit's booked, On my way, estimate, Done, receipt and review request still arrive; the stranger's extra confirmations are held, and Send again sends one", async () => {
      const victimEmail = `victim-${randomUUID()}@example.org`;
      const victimPhone = uniquePhone();
      const real = await book({
        email: victimEmail,
        phone: victimPhone,
        textConsent: true,
        selectedAppliance: "refrigerator",
      });

      // One stranger, one address, every other appliance and then repeats; the victim's email
      // as typed in several ways.
      const others = ["dishwasher", "washer", "dryer", "oven", "microwave", "combo", "other"];
      const strangerIp = freshClientIp();
      await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          book(
            {
              email: [victimEmail, victimEmail.toUpperCase(), victimEmail.replace("@", "+x@")][
                index % 3
              ],
              phone: victimPhone,
              textConsent: true,
              selectedAppliance: others[index % others.length],
              name: "Not the homeowner",
            },
            strangerIp,
          ),
        ),
      );
      await drainEverything();

      // Seven requests; the other five repeat one of them (same phone and appliance).
      const strangerIds = (
        await db()
          .select({ id: serviceRequests.id })
          .from(serviceRequests)
          .where(
            and(
              eq(serviceRequests.name, "Not the homeowner"),
              eq(serviceRequests.textConsentPhone, e164Of(victimPhone)!),
            ),
          )
      ).map((row) => row.id);
      expect(strangerIds).toHaveLength(others.length);
      const websiteEmails = await db()
        .select()
        .from(outbox)
        .where(inArray(outbox.subjectId, [real.id, ...strangerIds]));
      const toVictim = websiteEmails.filter((row) => !row.kind.endsWith(".company"));
      expect(toVictim.every((row) => row.cause === "website")).toBe(true);
      expect(toVictim.filter((row) => row.status === "sent")).toHaveLength(emailsPerDay);
      const heldEmails = toVictim.filter((row) => row.status === "held");
      expect(heldEmails.length).toBe(toVictim.length - emailsPerDay);
      expect(heldEmails.length).toBeGreaterThan(0);
      for (const row of heldEmails) {
        expect(row.lastError).toBe(
          "Held: this address had 10 emails from the website (bookings, messages and request pages) in 24 hours",
        );
      }
      expect(emailsTo(victimEmail)).toHaveLength(emailsPerDay);
      const websiteTexts = await db()
        .select()
        .from(texts)
        .where(eq(texts.to, e164Of(victimPhone)!));
      expect(websiteTexts).toHaveLength(1 + others.length);
      expect(websiteTexts.filter((row) => row.status === "queued")).toHaveLength(textsPerDay);
      expect(websiteTexts.filter((row) => row.status === "held")).toHaveLength(
        1 + others.length - textsPerDay,
      );
      expect(textsTo(victimPhone)).toHaveLength(textsPerDay);

      // The office confirms the real request; the technician is on the way, writes the estimate
      // (which waits for the homeowner's answer), done, paid by card.
      const lead = await ask(`/office/leads/${real.id}`, { cookie: dispatcher });
      const version = /name="version" value="(\d+)"/.exec(lead.body)?.[1] ?? "0";
      const confirmed = await ask(`/office/leads/${real.id}`, {
        cookie: dispatcher,
        form: {
          intent: "confirm-visit",
          version,
          scheduledDate: todayInTexas(),
          scheduledWindow: "evening",
          technicianId: alexId,
        },
      });
      expect(confirmed.status).toBe(200);
      await drainEverything();
      expect((await tap({ intent: "on-my-way", requestId: real.id, minutes: "20" })).status).toBe(
        302,
      );
      await drainEverything();
      expect((await tap({ intent: "arrived", requestId: real.id })).status).toBe(302);
      const estimate = await tap({
        intent: "estimate",
        requestId: real.id,
        "line-0-kind": "part",
        "line-0-description": "Defrost thermostat",
        "line-0-amount": "189.50",
      });
      expect(estimate.status).toBe(302);
      await drainEverything();
      const approved = await tap({
        intent: "estimate-decision",
        requestId: real.id,
        decision: "approved",
        name: "Jane Doe",
      });
      expect(approved.status).toBe(302);
      const done = await tap({
        intent: "done",
        requestId: real.id,
        workDone: "Replaced the defrost thermostat",
        model: "LRMVS3006S",
        serialNumber: "SN-42",
        partsUsed: "Defrost thermostat",
        amount: "189.50",
      });
      expect(done.status).toBe(302);
      const paid = await tap({
        intent: "payment",
        requestId: real.id,
        method: "card",
        amount: "189.50",
      });
      expect(paid.status).toBe(302);
      await drainEverything();
      // The review request, when its time comes (after Done, out of quiet hours).
      const [reviewAsk] = await db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.subjectId, real.id), eq(outbox.kind, reviewEmailKinds.request)));
      const reviewAt = reviewAsk!.nextAttemptAt;
      await drainEverything(() => reviewAt);

      const officeEmails = await db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.subjectId, real.id), eq(outbox.cause, "office")));
      expect(officeEmails.map((row) => [row.kind, row.status]).sort()).toEqual(
        [
          ["visit.scheduled.customer", "sent"],
          ["visit.on-the-way.customer", "sent"],
          ["estimate.sent.customer", "sent"],
          ["receipt.customer", "sent"],
          [reviewEmailKinds.request, "sent"],
          // Days later, if the homeowner has not answered.
          [reviewEmailKinds.reminder, "pending"],
        ].sort(),
      );
      const delivered = emailsTo(victimEmail).map((email) => email.parsed.subject ?? "");
      expect(delivered).toHaveLength(emailsPerDay + 5);
      expect(delivered).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^Your repair visit is booked/),
          expect.stringMatching(/^Alex is on the way, arriving about/),
          "Alex sent an estimate: $189.50. Review and approve",
          "Your receipt for your refrigerator repair",
          expect.stringMatching(/^How did Alex do/),
        ]),
      );
      const officeTexts = await db()
        .select()
        .from(texts)
        .where(and(eq(texts.requestId, real.id), eq(texts.cause, "office")));
      const sentOfficeTexts = officeTexts.filter((row) => row.status === "queued");
      expect(sentOfficeTexts.map((row) => row.kind).sort()).toEqual(
        [
          "text.booked",
          "text.done",
          "text.estimate-sent",
          "text.on-the-way",
          "text.review-request",
        ].sort(),
      );
      expect(textsTo(victimPhone)).toHaveLength(textsPerDay + 5);
      expect(textsTo(victimPhone).map((text) => text.body)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/Alex is on the way, arriving about/),
          expect.stringMatching(/Alex sent an estimate: \$189\.50\. Review and approve: /),
          expect.stringMatching(/your refrigerator repair visit is booked for/),
          expect.stringMatching(/your refrigerator repair is done/),
          expect.stringMatching(/How did Alex do\?/),
        ]),
      );

      // The desk shows a stranger's held confirmation as held, with Send again, which sends it.
      const held = heldEmails[0]!;
      expect(strangerIds).toContain(held.subjectId);
      const page = await ask(`/office/leads/${held.subjectId}`, { cookie: dispatcher });
      expect(page.status).toBe(200);
      expect(page.body).toContain(`name="emailId" value="${held.id}"`);
      const item = page.body.slice(
        page.body.lastIndexOf("<li", page.body.indexOf(`value="${held.id}"`)),
        page.body.indexOf("</li>", page.body.indexOf(`value="${held.id}"`)),
      );
      expect(item).toContain("Held: this address had 10 emails from the website");
      expect(item).toContain('name="intent" value="send-again"');
      expect(item).toContain("Send again");
      const again = await ask(`/office/leads/${held.subjectId}`, {
        cookie: dispatcher,
        form: { intent: "send-again", emailId: held.id },
      });
      expect(again.status).toBe(302);
      await drainEverything();
      const [resent] = await db().select().from(outbox).where(eq(outbox.id, held.id));
      expect(resent).toMatchObject({ status: "sent", cause: "office", lastError: null });
      expect(emailsTo(victimEmail)).toHaveLength(emailsPerDay + 6);
      const after = await ask(`/office/leads/${held.subjectId}`, { cookie: dispatcher });
      expect(after.body).toContain("Email sent again");

      // A held text likewise: shown as held, with Send again, which sends it as the office's.
      const heldText = websiteTexts.find(
        (row) => row.status === "held" && strangerIds.includes(row.requestId!),
      )!;
      expect(heldText).toBeDefined();
      const textsBefore = textsTo(victimPhone).length;
      const textPage = await ask(`/office/leads/${heldText.requestId}`, { cookie: dispatcher });
      const textItem = textPage.body.slice(
        textPage.body.lastIndexOf("<li", textPage.body.indexOf(`value="${heldText.id}"`)),
        textPage.body.indexOf("</li>", textPage.body.indexOf(`value="${heldText.id}"`)),
      );
      expect(textItem).toContain("Held: this number had");
      expect(textItem).toContain('name="intent" value="send-text-again"');
      const textAgain = await ask(`/office/leads/${heldText.requestId}`, {
        cookie: dispatcher,
        form: { intent: "send-text-again", textId: heldText.id },
      });
      expect(textAgain.status).toBe(302);
      // Twice is once: the text is no longer held.
      const twice = await ask(`/office/leads/${heldText.requestId}`, {
        cookie: dispatcher,
        form: { intent: "send-text-again", textId: heldText.id },
      });
      expect(twice.status).toBe(400);
      await drainEverything();
      const [textResent] = await db().select().from(texts).where(eq(texts.id, heldText.id));
      expect(textResent).toMatchObject({ status: "queued", cause: "office", lastError: null });
      expect(textsTo(victimPhone)).toHaveLength(textsBefore + 1);
      const afterText = await ask(`/office/leads/${heldText.requestId}`, { cookie: dispatcher });
      expect(afterText.body).toContain("Text sent again");
    });

    test("the office's budget has the same ceiling: Send again on every held email, each twice at once, sends 10 and holds the rest", async () => {
      const address = `flooded-${randomUUID()}@example.org`;
      const ip = freshClientIp();
      const ids: string[] = [];
      for (let index = 0; index < emailsPerDay + 12; index += 1) {
        ids.push((await book({ email: address, preferredDate: "", preferredTime: "" }, ip)).id);
      }
      await drainEverything();
      const held = await db()
        .select()
        .from(outbox)
        .where(and(inArray(outbox.subjectId, ids), eq(outbox.status, "held")));
      expect(held).toHaveLength(12);
      expect(emailsTo(address)).toHaveLength(emailsPerDay);

      // A double click on each: the two posts at once (a pair at a time: the machine is shared).
      const clicks = [];
      for (const row of held) {
        const click = () =>
          ask(`/office/leads/${row.subjectId}`, {
            cookie: dispatcher,
            form: { intent: "send-again", emailId: row.id },
          });
        clicks.push(...(await Promise.all([click(), click()])));
      }
      // One click per email goes through; the second finds it waiting already.
      expect(clicks.filter((answer) => answer.status === 302)).toHaveLength(12);
      const refused = clicks.filter((answer) => answer.status !== 302);
      expect(refused).toHaveLength(12);
      for (const answer of refused) {
        expect(answer.status).toBe(400);
        expect(answer.body).toContain("That email is not waiting to be sent again.");
      }
      await drainEverything();
      expect(emailsTo(address)).toHaveLength(emailsPerDay * 2);
      const rows = await db()
        .select()
        .from(outbox)
        .where(
          inArray(
            outbox.id,
            held.map((row) => row.id),
          ),
        );
      expect(rows.filter((row) => row.status === "sent")).toHaveLength(emailsPerDay);
      const heldAgain = rows.filter((row) => row.status === "held");
      expect(heldAgain).toHaveLength(12 - emailsPerDay);
      for (const row of heldAgain) {
        expect(row).toMatchObject({
          cause: "office",
          lastError:
            "Held: this address had 10 emails from the office and the technicians in 24 hours",
        });
      }
    });
  });
}
