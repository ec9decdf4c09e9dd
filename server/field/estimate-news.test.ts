import { randomUUID } from "node:crypto";

import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { formatCalendarDate } from "~/domain/after-the-job";
import { repairedLine } from "~/domain/estimate";

import { leadEvents, officePrices, outbox, serviceRequests, texts } from "../db/schema";
import { requestRow } from "../test-support/request-rows";
import { testDatabases } from "../test-support/databases";
import { deskClient } from "../test-support/desk-client";
import { serviceRequest } from "../test-support/fixtures";
import { startTestServer, type TestServer } from "../test-support/server";
import { estimateToldPerVisit } from "./estimate-news";

// What the homeowner is told of an estimate, and after the job: "Alex sent an estimate: $245.
// Review and approve" by email and (with consent) by text, once per writing of the estimate;
// the receipt's lines and the waived service call; the page that leads with Paid and keeps
// "Repaired <day>" when a warranty visit is booked. The real app, signed in for real; no worker,
// so what was written waits in the outbox and the texts table as the door left it.

const [database] = await testDatabases();

describe.skipIf(!database?.available)("The estimate told, and the page after the job", () => {
  let server: TestServer;
  const { add, ask } = deskClient(() => server);
  let dispatcher: string;
  let alex: string;
  let alexId: string;

  beforeAll(async () => {
    server = await startTestServer({ database: database!, withPages: true, startWorker: false });
    const { db } = server.serverApp.database;
    dispatcher = (await add("dispatcher", "Dan Dispatch", ["texas"])).cookie;
    ({ id: alexId, cookie: alex } = await add("technician", "Alex Rivera", ["texas"]));
    await db.insert(officePrices).values({
      office: "texas",
      serviceCallCents: 8900,
      serviceCallRule: "waived when you go ahead with the repair",
      warrantyDays: 90,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.serverApp.database.db;

  function todayInTexas() {
    return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date());
  }

  function tap(fields: Record<string, string>, tapKey: string = randomUUID()) {
    return ask("/office/day", { cookie: alex, form: { tapKey, ...fields } });
  }

  /** A Texas dryer request booked for today with Alex, Arrived; its id and private page. */
  async function arrivedVisit(overrides: Record<string, unknown> = {}) {
    const booked = await server.post(
      "/api/send-email",
      serviceRequest({
        selectedAppliance: "dryer",
        brand: "Samsung",
        model: "DVE45R6100C",
        email: `estimate-${randomUUID()}@example.com`,
        ...overrides,
      }),
    );
    expect(booked.status).toBe(201);
    const { id, requestUrl } = (await booked.json()) as { id: string; requestUrl: string };
    const lead = await ask(`/office/leads/${id}`, { cookie: dispatcher });
    const version = /name="version" value="(\d+)"/.exec(lead.body)?.[1] ?? "0";
    const saved = await ask(`/office/leads/${id}`, {
      cookie: dispatcher,
      form: {
        intent: "confirm-visit",
        version,
        scheduledDate: todayInTexas(),
        scheduledWindow: "evening",
        technicianId: alexId,
      },
    });
    expect(saved.status).toBe(200);
    expect((await tap({ intent: "arrived", requestId: id })).status).toBe(302);
    return { id, page: new URL(requestUrl).pathname };
  }

  const igniter = {
    "line-0-kind": "part",
    "line-0-description": "Igniter DC97-14486A",
    "line-0-amount": "145",
    "line-1-kind": "labour",
    "line-1-description": "Replace the igniter and test two cycles",
    "line-1-amount": "100",
  };

  function writeEstimate(id: string, lines: Record<string, string>, tapKey?: string) {
    return tap({ intent: "estimate", requestId: id, ...lines }, tapKey);
  }

  async function estimateEmails(id: string) {
    return db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.subjectId, id), eq(outbox.kind, "estimate.sent.customer")))
      .orderBy(asc(outbox.createdAt));
  }

  async function estimateTexts(id: string) {
    return db()
      .select()
      .from(texts)
      .where(and(eq(texts.requestId, id), eq(texts.kind, "text.estimate-sent")))
      .orderBy(asc(texts.createdAt));
  }

  test("with consent: emailed and texted 'Alex sent an estimate: $245. Review and approve' once, a replayed tap sends nothing more; rewritten, sent again and the replaced one's waiting messages are not sent", async () => {
    const { id } = await arrivedVisit({ textConsent: true, textConsentPage: "/services/dryer" });
    const key = randomUUID();
    expect((await writeEstimate(id, igniter, key)).status).toBe(302);
    // The same tap again (a double tap, the offline queue sending it once more): nothing more.
    expect((await writeEstimate(id, igniter, key)).status).toBe(302);

    const [email, ...moreEmails] = await estimateEmails(id);
    expect(moreEmails).toEqual([]);
    expect(email).toMatchObject({ cause: "office", status: "pending" });
    expect(email!.message.subject).toBe("Alex sent an estimate: $245. Review and approve");
    expect(email!.message.text).toContain("- Part: Igniter DC97-14486A, $145.00");
    expect(email!.message.text).toContain(`/requests/{link:${id}}#estimate`);
    const [text, ...moreTexts] = await estimateTexts(id);
    expect(moreTexts).toEqual([]);
    expect(text).toMatchObject({ cause: "office", status: "pending" });
    expect(text!.body).toMatch(
      new RegExp(
        `^[^:]+: Alex sent an estimate: \\$245\\. Review and approve: https://repair\\.example\\.test/requests/\\{link:${id}\\} Reply STOP to end texts\\.$`,
      ),
    );

    // Written again before an answer: told again, the first one's waiting messages not sent.
    expect(
      (
        await writeEstimate(id, {
          "line-0-kind": "labour",
          "line-0-description": "Replace the thermal fuse",
          "line-0-amount": "120.50",
        })
      ).status,
    ).toBe(302);
    const emails = await estimateEmails(id);
    expect(emails.map((row) => [row.status, row.message.subject])).toEqual([
      ["cancelled", "Alex sent an estimate: $245. Review and approve"],
      ["pending", "Alex sent an estimate: $120.50. Review and approve"],
    ]);
    expect(emails[0]!.lastError).toBe("Not needed: the estimate was written again");
    expect(emails[1]!.message.messageId).not.toBe(emails[0]!.message.messageId);
    const rewritten = await estimateTexts(id);
    expect(rewritten.map((row) => row.status)).toEqual(["cancelled", "pending"]);
    expect(rewritten[1]!.body).toContain("Alex sent an estimate: $120.50. Review and approve");
  });

  test("without text consent the estimate is emailed and never texted", async () => {
    const { id } = await arrivedVisit();
    expect((await writeEstimate(id, igniter)).status).toBe(302);
    expect(await estimateEmails(id)).toHaveLength(1);
    expect(await estimateTexts(id)).toEqual([]);
    // Nor when the homeowner turned texts off after ticking the box.
    const withConsent = await arrivedVisit({ textConsent: true });
    await db()
      .update(serviceRequests)
      .set({ textsOffAt: new Date() })
      .where(eq(serviceRequests.id, withConsent.id));
    expect((await writeEstimate(withConsent.id, igniter)).status).toBe(302);
    expect(await estimateEmails(withConsent.id)).toHaveLength(1);
    expect(await estimateTexts(withConsent.id)).toEqual([]);
  });

  test("an answer leaves nothing waiting to ask for it", async () => {
    const { id, page } = await arrivedVisit({ textConsent: true });
    expect((await writeEstimate(id, igniter)).status).toBe(302);
    const answered = await ask(page, { form: { intent: "estimate-approve", name: "Maria Lopez" } });
    expect(answered.status).toBe(200);
    const [email] = await estimateEmails(id);
    const [text] = await estimateTexts(id);
    expect([email?.status, text?.status]).toEqual(["cancelled", "cancelled"]);
    expect(text!.lastError).toBe("Not needed: the estimate was answered");
  });

  test(`at most ${estimateToldPerVisit} writings a visit are told; the next is in the timeline as not sent`, async () => {
    const { id } = await arrivedVisit({ textConsent: true });
    for (let writing = 1; writing <= estimateToldPerVisit + 1; writing += 1) {
      const lines = { ...igniter, "line-1-amount": String(100 + writing) };
      expect((await writeEstimate(id, lines)).status).toBe(302);
      // Each sent before the next is written (as the worker does at once).
      await db()
        .update(outbox)
        .set({ status: "sent" })
        .where(and(eq(outbox.subjectId, id), eq(outbox.status, "pending")));
      await db()
        .update(texts)
        .set({ status: "delivered" })
        .where(and(eq(texts.requestId, id), eq(texts.status, "pending")));
    }
    expect(await estimateEmails(id)).toHaveLength(estimateToldPerVisit);
    expect(await estimateTexts(id)).toHaveLength(estimateToldPerVisit);
    const events = await db()
      .select({ detail: leadEvents.detail })
      .from(leadEvents)
      .where(and(eq(leadEvents.leadId, id), eq(leadEvents.kind, "estimate")))
      .orderBy(asc(leadEvents.at));
    expect(events.at(-1)?.detail).toBe(
      `Estimate: $249.00 (2 lines); not sent to the customer: told ${estimateToldPerVisit} times on this visit already`,
    );
  });

  /** Done and paid by card; the receipt email's row as the door wrote it. */
  async function doneAndPaid(id: string, amount: string) {
    const done = await tap({
      intent: "done",
      requestId: id,
      workDone: "Replaced the igniter",
      model: "DVE45R6100C",
      serialNumber: "0B7H5AEN400123",
      partsUsed: "DC97-14486A igniter",
      amount,
    });
    expect(done.status).toBe(302);
    expect((await tap({ intent: "payment", requestId: id, method: "card", amount })).status).toBe(
      302,
    );
    const [receipt] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.subjectId, id), eq(outbox.kind, "receipt.customer")));
    return receipt!.message;
  }

  test("approved and paid: the receipt page and email list each line on its own and say 'Service call $89: waived'; declined, nothing is waived", async () => {
    const { id, page } = await arrivedVisit();
    expect((await writeEstimate(id, igniter)).status).toBe(302);
    expect(
      (await ask(page, { form: { intent: "estimate-approve", name: "Maria Lopez" } })).status,
    ).toBe(200);
    const receiptEmail = await doneAndPaid(id, "245.00");
    expect(receiptEmail.text.split("\n")).toEqual(
      expect.arrayContaining([
        "- Part: Igniter DC97-14486A, $145.00",
        "- Labour: Replace the igniter and test two cycles, $100.00",
        "- Service call $89: waived",
        "Estimate total: $245.00",
      ]),
    );
    expect(receiptEmail.html).toMatch(
      /<tr><td[^>]*>Part: Igniter DC97-14486A<\/td>\s*<td align="right"[^>]*>\$145\.00<\/td><\/tr>/,
    );
    const receiptPage = (await ask(`${page}/receipt`)).body;
    const rows = [...receiptPage.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((match) =>
      match[1]!
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        "Part Igniter DC97-14486A $145.00",
        "Labour Replace the igniter and test two cycles $100.00",
        "Service call $89: waived",
        "Total $245.00",
      ]),
    );

    const declined = await arrivedVisit();
    expect((await writeEstimate(declined.id, igniter)).status).toBe(302);
    expect(
      (await ask(declined.page, { form: { intent: "estimate-decline", name: "Maria Lopez" } }))
        .status,
    ).toBe(200);
    const declinedEmail = await doneAndPaid(declined.id, "89.00");
    expect(declinedEmail.text + declinedEmail.html).not.toContain("waived");
    expect((await ask(`${declined.page}/receipt`)).body).not.toContain("waived");
  });

  test("after the payment the page leads with the repair's day, Paid, the warranty and the receipt, then the stars; a warranty visit booked keeps 'Repaired <day>'", async () => {
    const { id, page } = await arrivedVisit();
    expect((await writeEstimate(id, igniter)).status).toBe(302);
    expect(
      (await ask(page, { form: { intent: "estimate-approve", name: "Maria Lopez" } })).status,
    ).toBe(200);
    await doneAndPaid(id, "245.00");
    const repaired = repairedLine(todayInTexas());
    const paid = await requestRow(db(), id);
    const warrantyEnds = formatCalendarDate(paid.warrantyEnds!);

    const body = (await ask(page)).body;
    const order = [
      `>${repaired}</h2>`,
      "Paid $245.00 by card on",
      `Warranty: 90 days on parts and labour, until ${warrantyEnds}.`,
      "View and print the receipt",
      "How did Alex do?",
      'name="rating" value="1"',
      'name="rating" value="5"',
      "Dryer repair</h2>",
    ].map((words) => [words, body.indexOf(words)] as const);
    for (const [words, at] of order) expect(at, words).toBeGreaterThan(-1);
    expect(order.map(([, at]) => at)).toEqual([...order.map(([, at]) => at)].sort((a, b) => a - b));

    // "Same problem again?": the warranty visit booked, the page still says when it was repaired.
    const choice = /name="window" value="(\d{4}-\d\d-\d\d\/[a-z]+)"/.exec(body)?.[1];
    expect(choice).toBeDefined();
    const booked = await ask(page, {
      form: { intent: "warranty-callback", problem: "It stopped heating again", window: choice! },
    });
    expect(booked.status).toBe(200);
    expect(await requestRow(db(), id)).toMatchObject({
      status: "scheduled",
      warrantyCallback: true,
      visitNumber: 2,
    });
    const after = (await ask(page)).body;
    expect(after).toContain(`>${repaired}</h2>`);
    expect(after).toContain("Paid $245.00 by card on");
    expect(after.indexOf(`>${repaired}</h2>`)).toBeLessThan(after.indexOf("Dryer repair</h2>"));
  });

  test("a Spanish request: the visit booked, the estimate, the receipt and the review request are emailed in Spanish", async () => {
    const { id, page } = await arrivedVisit({ language: "es" });
    expect((await writeEstimate(id, igniter)).status).toBe(302);
    expect(
      (await ask(page, { form: { intent: "estimate-approve", name: "María López" } })).status,
    ).toBe(200);
    const receipt = await doneAndPaid(id, "245.00");
    const sent = await db()
      .select({ kind: outbox.kind, message: outbox.message })
      .from(outbox)
      .where(eq(outbox.subjectId, id))
      .orderBy(asc(outbox.createdAt));
    const homeowners = sent.filter(({ kind }) => kind.endsWith(".customer"));
    const subjects = Object.fromEntries(
      homeowners.map(({ kind, message }) => [kind, message.subject]),
    );
    expect(subjects["visit.scheduled.customer"]).toMatch(
      /^Su visita de reparación está confirmada: \S+ \d+ de \S+ de \d{4}, 4:00 p\. m\. - 6:00 p\. m\., hora del Centro$/,
    );
    expect(subjects["estimate.sent.customer"]).toBe(
      "Alex le manda un presupuesto de $245. Véalo y apruébelo",
    );
    expect(subjects["receipt.customer"]).toBe("Su recibo de la reparación de su secadora");
    expect(subjects["review.request.customer"]).toBe("¿Qué tal lo hizo Alex?");
    for (const { kind, message } of homeowners) {
      expect(message.html, kind).toContain('<html lang="es">');
      expect(message.text, kind).not.toMatch(/\b(Your|Questions|Call us|Reference)\b/);
    }
    const lines = receipt.text.split("\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        "- Pieza: Igniter DC97-14486A, $145.00",
        "- Mano de obra: Replace the igniter and test two cycles, $100.00",
        "- Cargo por visita de $89: descontado",
        "Total del presupuesto: $245.00",
      ]),
    );
    expect(lines.find((line) => line.startsWith("Visita: "))).toMatch(
      /^Visita: Primera visita: \S+ \d+ de \S+ de \d{4}, 4:00 p\. m\. - 6:00 p\. m\., hora del Centro \(realizada\)$/,
    );
    expect(lines.find((line) => line.startsWith("Pago: "))).toMatch(
      /^Pago: \$245\.00 con tarjeta el \d+ de \S+ de \d{4}$/,
    );
    expect(lines.find((line) => line.startsWith("Garantía: "))).toMatch(
      /^Garantía: 90 días en piezas y mano de obra, hasta el \d+ de \S+ de \d{4}$/,
    );
    // The office's own emails about it stay English.
    for (const { kind, message } of sent.filter(({ kind }) => kind.endsWith(".company"))) {
      expect(message.html, kind).toContain('<html lang="en">');
    }
  });
});
