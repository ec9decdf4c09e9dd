import { randomUUID } from "node:crypto";

import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { reviews as siteReviews } from "~/content/reviews";
import { isoDateIn } from "~/lib/dates";

import { parseConfig } from "../config";
import { leadEvents, outbox, reviews, serviceRequests, staffUsers, texts } from "../db/schema";
import { erasePrivacyRecords, exportPrivacyRecords } from "../desk/privacy.server";
import { RequestLinks, requestLinkSecret } from "../requests/request-links";
import { testDatabases } from "../test-support/databases";
import { deskClient } from "../test-support/desk-client";
import { serviceRequest, uniquePhone, waitUntil } from "../test-support/fixtures";
import { requestRow } from "../test-support/request-rows";
import {
  freshClientIp,
  startTestServer,
  testSiteUrl,
  type TestServer,
} from "../test-support/server";
import { startTwilioStandIn, type TwilioStandIn } from "../test-support/twilio";
import { e164Of } from "../texts/phone-numbers";
import { reviewEmailKinds } from "../mail/review-emails";
import { reviewTextKinds, scheduleReviewRequest } from "./review-requests";

// The review request and the reviews, against the real app with a clock the tests move: the
// request two hours after Done (never in quiet hours), one reminder, never after an answer; the
// answer on the private page; owners publishing on /office/reviews; /reviews showing it.

const [database] = await testDatabases();
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

describe.skipIf(!database?.available)("Reviews", () => {
  let server: TestServer;
  const { add, ask } = deskClient(() => server);
  let provider: TwilioStandIn;
  /** The app's clock: moved by each test. */
  let clock = new Date("2031-07-10T15:00:00Z");
  let owner = "";
  let ownerEmail = "";
  let dispatcher = "";
  let alex = "";
  let alexId = "";

  beforeAll(async () => {
    provider = await startTwilioStandIn();
    server = await startTestServer({
      database: database!,
      env: provider.env,
      now: () => clock,
      startWorker: false,
      withPages: true,
      pageCacheTtlMs: 30_000,
    });
    ({ cookie: owner, email: ownerEmail } = await add("owner", "Olive Owner", []));
    dispatcher = (await add("dispatcher", "Dan Dispatch", ["texas"])).cookie;
    ({ id: alexId, cookie: alex } = await add("technician", "Alex Rivera", ["texas"]));
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  /** A Texas request booked, confirmed with Alex and tapped Done at `doneAt`. */
  async function doneRequest(doneAt: Date, overrides: Record<string, unknown> = {}) {
    clock = new Date(doneAt.getTime() - hour);
    const email = `home-${randomUUID()}@example.com`;
    const phone = uniquePhone();
    const booked = await server.post(
      "/api/send-email",
      serviceRequest({ email, phone, ...overrides }),
    );
    expect(booked.status).toBe(201);
    const { id, requestUrl } = (await booked.json()) as { id: string; requestUrl: string };
    const lead = await ask(`/office/leads/${id}`, { cookie: dispatcher });
    const version = /name="version" value="(\d+)"/.exec(lead.body)?.[1] ?? "0";
    const confirmed = await ask(`/office/leads/${id}`, {
      cookie: dispatcher,
      form: {
        intent: "confirm-visit",
        version,
        // The visit is on the day of the repair: a technician taps only on a visit's own day.
        scheduledDate: isoDateIn(doneAt, "America/Chicago"),
        scheduledWindow: "morning",
        technicianId: alexId,
      },
    });
    expect(confirmed.status).toBe(200);
    clock = doneAt;
    const arrived = await ask("/office/day", {
      cookie: alex,
      form: { intent: "arrived", requestId: id, tapKey: randomUUID() },
    });
    expect(arrived.status).toBe(302);
    const tapped = await ask("/office/day", {
      cookie: alex,
      form: {
        intent: "done",
        requestId: id,
        tapKey: randomUUID(),
        workDone: "Replaced the evaporator fan motor",
        model: "LRMVS3006S",
        serialNumber: "SN-42",
        partsUsed: "Fan motor",
        amount: "189.50",
      },
    });
    expect(tapped.status).toBe(302);
    return { id, email, phone, page: new URL(requestUrl).pathname };
  }

  function emailsTo(address: string) {
    return server.smtp.received.filter((email) => email.envelopeTo.includes(address));
  }

  async function sendDue(at: Date) {
    clock = at;
    await server.serverApp.outbox.drain();
    await server.serverApp.texts.drain();
  }

  function answer(page: string, fields: Record<string, string>, ip = freshClientIp()) {
    return ask(page, { form: { intent: "review", ...fields }, ip });
  }

  async function reviewOf(requestId: string) {
    const { db } = server.serverApp.database;
    const [row] = await db.select().from(reviews).where(eq(reviews.requestId, requestId));
    return row;
  }

  test("the request goes 2 hours after Done, not before, by email and (with consent) text", async () => {
    const doneAt = new Date("2031-07-10T15:00:00Z"); // 10:00 in Houston
    const { id, email, phone } = await doneRequest(doneAt, { textConsent: true });
    await sendDue(new Date(doneAt.getTime() + 2 * hour - minute));
    expect(emailsTo(email).filter((mail) => /How did/.test(mail.parsed.subject ?? ""))).toEqual([]);
    expect(provider.received.filter((text) => /How did/.test(text.body))).toEqual([]);

    await sendDue(new Date(doneAt.getTime() + 2 * hour + minute));
    await waitUntil(() =>
      emailsTo(email).some((mail) => mail.parsed.subject === "How did Alex do?"),
    );
    const request = emailsTo(email).find((mail) => mail.parsed.subject === "How did Alex do?")!;
    expect(request.parsed.text).toMatch(/\/requests\/[A-Za-z0-9_-]{43}#review/);
    expect(request.parsed.text).toContain("Review us on Google");
    await waitUntil(() =>
      provider.received.some((sent) => sent.to === e164Of(phone) && /How did/.test(sent.body)),
    );
    const text = provider.received.find(
      (sent) => sent.to === e164Of(phone) && /How did/.test(sent.body),
    );
    expect(text!.body).toMatch(
      /^Easy Appliance Repair: How did Alex do\? https:\/\/\S+\/requests\/[A-Za-z0-9_-]{43}#review Reply STOP to end texts\.$/,
    );
    const { db } = server.serverApp.database;
    const [row] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
    expect(row!.reviewRequestAt?.toISOString()).toBe("2031-07-10T17:00:00.000Z");
  });

  test("Done at 20:30 in Houston: the request waits for 8:00 the next day (quiet hours)", async () => {
    const doneAt = new Date("2031-07-11T01:30:00Z"); // July 10, 20:30 CDT
    const { id, email } = await doneRequest(doneAt, { textConsent: true });
    const { db } = server.serverApp.database;
    const rows = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.subjectId, id), eq(outbox.kind, reviewEmailKinds.request)));
    expect(rows.map((row) => row.nextAttemptAt.toISOString())).toEqual([
      "2031-07-11T13:00:00.000Z",
    ]);
    const waitingTexts = await db
      .select()
      .from(texts)
      .where(and(eq(texts.requestId, id), eq(texts.kind, reviewTextKinds.request)));
    expect(waitingTexts.map((row) => row.nextAttemptAt.toISOString())).toEqual([
      "2031-07-11T13:00:00.000Z",
    ]);
    await sendDue(new Date("2031-07-11T12:59:00Z"));
    expect(emailsTo(email).filter((mail) => /How did/.test(mail.parsed.subject ?? ""))).toEqual([]);
    await sendDue(new Date("2031-07-11T13:01:00Z"));
    await waitUntil(() =>
      emailsTo(email).some((mail) => mail.parsed.subject === "How did Alex do?"),
    );
  });

  test("the reminder goes once, 3 days after the request, and never more", async () => {
    const doneAt = new Date("2031-07-10T15:00:00Z");
    const { email } = await doneRequest(doneAt);
    const requestAt = doneAt.getTime() + 2 * hour;
    await sendDue(new Date(requestAt + minute));
    await sendDue(new Date(requestAt + 3 * day - minute));
    const reminders = () =>
      emailsTo(email).filter((mail) => mail.parsed.subject === "Reminder: How did Alex do?");
    expect(reminders()).toEqual([]);
    await sendDue(new Date(requestAt + 3 * day + minute));
    await waitUntil(() => reminders().length === 1);
    await sendDue(new Date(requestAt + 30 * day));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(reminders()).toHaveLength(1);
    expect(
      emailsTo(email).filter((mail) => /How did/.test(mail.parsed.subject ?? "")),
    ).toHaveLength(2);
  });

  test("an answer cancels what waits: no request and no reminder after it", async () => {
    const doneAt = new Date("2031-07-10T15:00:00Z");
    const { id, email, phone, page } = await doneRequest(doneAt, { textConsent: true });
    clock = new Date(doneAt.getTime() + 30 * minute);
    expect((await answer(page, { rating: "4" })).status).toBe(200);
    await sendDue(new Date(doneAt.getTime() + 10 * day));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(emailsTo(email).filter((mail) => /How did/.test(mail.parsed.subject ?? ""))).toEqual([]);
    expect(
      provider.received.filter((text) => text.to === e164Of(phone) && /How did/.test(text.body)),
    ).toEqual([]);
    const { db } = server.serverApp.database;
    const waiting = await db.select().from(outbox).where(eq(outbox.subjectId, id));
    expect(
      waiting.filter((row) => row.kind.startsWith("review.")).map((row) => row.status),
    ).toEqual(["cancelled", "cancelled"]);
  });

  test("a request or reminder claimed by a worker just as the answer comes is never sent after it", async () => {
    const doneAt = new Date("2031-07-10T15:00:00Z");
    const { id, email, phone, page } = await doneRequest(doneAt, { textConsent: true });
    const { db } = server.serverApp.database;
    // Claimed a moment before the answer: no longer pending, so the answer cannot cancel them.
    await db
      .update(outbox)
      .set({ status: "sending", lockedUntil: new Date(0) })
      .where(
        and(
          eq(outbox.subjectId, id),
          inArray(outbox.kind, [reviewEmailKinds.request, reviewEmailKinds.reminder]),
        ),
      );
    await db
      .update(texts)
      .set({ status: "sending" })
      .where(
        and(
          eq(texts.requestId, id),
          inArray(texts.kind, [reviewTextKinds.request, reviewTextKinds.reminder]),
        ),
      );
    clock = new Date(doneAt.getTime() + 2 * hour + minute);
    expect((await answer(page, { rating: "5" })).status).toBe(200);
    // The email's lease runs out (its worker died) and the text is put back to wait (a failed
    // attempt that handed nothing over): both are due again, after the answer.
    await db
      .update(texts)
      .set({ status: "pending", lockedUntil: null })
      .where(and(eq(texts.requestId, id), eq(texts.status, "sending")));
    await sendDue(new Date(doneAt.getTime() + 10 * day));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(emailsTo(email).filter((mail) => /How did/.test(mail.parsed.subject ?? ""))).toEqual([]);
    expect(
      provider.received.filter((text) => text.to === e164Of(phone) && /How did/.test(text.body)),
    ).toEqual([]);
    const emailRows = await db.select().from(outbox).where(eq(outbox.subjectId, id));
    expect(
      emailRows.filter((row) => row.kind.startsWith("review.")).map((row) => row.status),
    ).toEqual(["cancelled", "cancelled"]);
    const textRows = await db.select().from(texts).where(eq(texts.requestId, id));
    expect(
      textRows.filter((row) => row.kind.startsWith("text.review")).map((row) => row.status),
    ).toEqual(["cancelled", "cancelled"]);
  });

  test("texts off cancel the review texts; on again before they are due, they wait again; after an answer, never", async () => {
    const doneAt = new Date("2031-07-10T15:00:00Z");
    const { db } = server.serverApp.database;
    const reviewTexts = async (id: string) =>
      (await db.select().from(texts).where(eq(texts.requestId, id)))
        .filter((row) => row.kind.startsWith("text.review"))
        .sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime());
    // Five changes a day on one page: each step below is one.
    const turn = (page: string, intent: "texts-off" | "texts-on") =>
      ask(page, { form: { intent }, ip: freshClientIp() });

    const { id, page } = await doneRequest(doneAt, { textConsent: true });
    const due = (await reviewTexts(id)).map((row) => row.nextAttemptAt.toISOString());
    expect(due).toHaveLength(2);
    expect((await turn(page, "texts-off")).status).toBe(200);
    expect((await reviewTexts(id)).map((row) => row.status)).toEqual(["cancelled", "cancelled"]);
    expect((await turn(page, "texts-on")).status).toBe(200);
    expect(
      (await reviewTexts(id)).map((row) => [row.status, row.nextAttemptAt.toISOString()]),
    ).toEqual(due.map((at) => ["pending", at]));
    // Off past the request's time: on again, only the reminder (still ahead) waits.
    expect((await turn(page, "texts-off")).status).toBe(200);
    clock = new Date(new Date(due[0]!).getTime() + hour);
    expect((await turn(page, "texts-on")).status).toBe(200);
    expect((await reviewTexts(id)).map((row) => row.status)).toEqual(["cancelled", "pending"]);

    // Answered: off and on again bring nothing back.
    const answered = await doneRequest(doneAt, { textConsent: true });
    expect((await answer(answered.page, { rating: "5", words: "" })).status).toBe(200);
    expect((await turn(answered.page, "texts-off")).status).toBe(200);
    expect((await turn(answered.page, "texts-on")).status).toBe(200);
    expect((await reviewTexts(answered.id)).map((row) => row.status)).toEqual([
      "cancelled",
      "cancelled",
    ]);
  });

  test("a request done again later (a warranty callback) is asked nothing again", async () => {
    const doneAt = new Date("2031-07-10T15:00:00Z");
    const { id } = await doneRequest(doneAt);
    const { db } = server.serverApp.database;
    const links = new RequestLinks(await requestLinkSecret(db), testSiteUrl);
    const visits = { config: parseConfig({ SITE_URL: testSiteUrl }), links, now: () => clock };
    const row = await requestRow(db, id);
    await db.transaction((tx) =>
      scheduleReviewRequest(
        tx,
        row,
        { id: alexId, name: "Alex Rivera" },
        new Date(doneAt.getTime() + 20 * day),
        visits,
      ),
    );
    const rows = await db.select().from(outbox).where(eq(outbox.subjectId, id));
    expect(rows.filter((candidate) => candidate.kind.startsWith("review."))).toHaveLength(2);
  });

  test("5 stars with permission: the owner publishes it and /reviews shows it after the 13, at once", async () => {
    const doneAt = new Date("2031-07-10T15:00:00Z");
    const { id, page } = await doneRequest(doneAt);
    clock = new Date(doneAt.getTime() + 3 * hour);
    const before = await ask(page);
    expect(before.body).toContain("How did Alex do?");
    expect(before.body).toContain("Send my review");
    expect(before.body).toContain("Review us on Google");
    expect(before.body).toContain("https://search.google.com/local/writereview?placeid=");
    const sent = await answer(page, {
      rating: "5",
      words: "Fixed our fridge in an hour.",
      mayPublish: "yes",
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toContain("Thank you for your review.");
    expect(sent.body).toContain("Review us on Google");
    const again = await answer(page, { rating: "1" });
    expect(again.status).toBe(409);
    expect(again.body).toContain("You already sent your review.");
    expect((await reviewOf(id))!).toMatchObject({
      rating: 5,
      firstName: "Jane",
      city: "Houston",
      appliance: "Refrigerator",
      technician: "Alex Rivera",
      mayPublish: true,
      publishedAt: null,
    });

    // The page is kept: a second visitor gets the kept copy.
    await ask("/reviews?region=Texas");
    expect((await ask("/reviews?region=Texas")).headers.get("x-render-cache")).toBe("hit");
    const caption = "Jane, Houston TX · Refrigerator · July 2031 · verified repair";
    expect((await ask("/reviews?region=Texas")).body).not.toContain("Fixed our fridge in an hour.");

    const desk = await ask("/office/reviews", { cookie: owner });
    expect(desk.status).toBe(200);
    expect(desk.body).toContain("Fixed our fridge in an hour.");
    const reviewId = (await reviewOf(id))!.id;
    const published = await ask("/office/reviews", {
      cookie: owner,
      form: { intent: "publish", reviewId },
    });
    expect(published.status).toBe(200);
    expect((await reviewOf(id))!.publishedBy).toBe("Olive Owner");

    const shown = await ask("/reviews?region=Texas");
    expect(shown.headers.get("x-render-cache")).toBeNull();
    expect(shown.body).toContain(caption);
    const lastSeed = siteReviews.at(-1)!.quote;
    expect(shown.body.indexOf(caption)).toBeGreaterThan(shown.body.indexOf(lastSeed));
    expect(shown.body.indexOf("Fixed our fridge in an hour.")).toBeGreaterThan(
      shown.body.indexOf(lastSeed),
    );

    const unpublished = await ask("/office/reviews", {
      cookie: owner,
      form: { intent: "unpublish", reviewId },
    });
    expect(unpublished.status).toBe(200);
    expect((await ask("/reviews?region=Texas")).body).not.toContain(caption);
  });

  test("a review without permission is never published, however the form is sent", async () => {
    const { id, page } = await doneRequest(new Date("2031-07-10T15:00:00Z"));
    expect((await answer(page, { rating: "5", words: "Great" })).status).toBe(200);
    const reviewId = (await reviewOf(id))!.id;
    const desk = await ask("/office/reviews", { cookie: owner });
    expect(desk.body).toContain("Not for publishing");
    const forced = await ask("/office/reviews", {
      cookie: owner,
      form: { intent: "publish", reviewId },
    });
    expect(forced.status).toBe(409);
    expect(forced.body).toContain("The homeowner did not allow publishing this review.");
    expect((await reviewOf(id))!.publishedAt).toBeNull();
    const { db } = server.serverApp.database;
    await expect(
      db.update(reviews).set({ publishedAt: new Date() }).where(eq(reviews.id, reviewId)),
    ).rejects.toThrow();
  });

  test("2 stars: every owner is emailed, the desk flags it, the timeline says it, the Google link is shown", async () => {
    const { id, page } = await doneRequest(new Date("2031-07-10T15:00:00Z"));
    const sent = await answer(page, { rating: "2", words: "Late and left a mess." });
    expect(sent.status).toBe(200);
    expect(sent.body).toContain("Review us on Google");
    await server.serverApp.outbox.drain();
    await waitUntil(() =>
      emailsTo(ownerEmail).some(
        (mail) => mail.parsed.subject === "Needs attention: 2 stars for Alex Rivera",
      ),
    );
    const alert = emailsTo(ownerEmail).find(
      (mail) => mail.parsed.subject === "Needs attention: 2 stars for Alex Rivera",
    )!;
    expect(alert.parsed.text).toContain("Late and left a mess.");
    expect(alert.parsed.text).not.toMatch(/\/requests\//);
    const desk = await ask("/office/reviews", { cookie: owner });
    expect(desk.body).toContain("Needs attention");
    const { db } = server.serverApp.database;
    const events = await db
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadId, id), eq(leadEvents.kind, "review")));
    expect(events.map((event) => event.detail)).toEqual([
      'Review: 2 stars: "Late and left a mess." Needs attention. Not for publishing.',
    ]);
  });

  test("a low rating waits on the owners' inbox until one marks it handled (never by a GET, never by a dispatcher)", async () => {
    const needing = async () =>
      Number(
        /(\d+) reviews? needs? attention/.exec(
          (await ask("/office", { cookie: owner })).body,
        )?.[1] ?? 0,
      );
    const before = await needing();
    const { id, page } = await doneRequest(new Date("2031-07-10T15:00:00Z"));
    expect((await answer(page, { rating: "3", words: "Fixed, but a day late." })).status).toBe(200);
    expect(await needing()).toBe(before + 1);
    // The dispatcher's inbox says nothing of reviews; their POST is the desk's 404.
    expect((await ask("/office", { cookie: dispatcher })).body).not.toContain("need attention");
    const reviewId = (await reviewOf(id))!.id;
    const foreign = await ask("/office/reviews", {
      cookie: dispatcher,
      form: { intent: "handled", reviewId },
    });
    expect(foreign.status).toBe(404);
    await ask(`/office/reviews?intent=handled&reviewId=${reviewId}`, { cookie: owner });
    expect((await reviewOf(id))!.handledAt).toBeNull();

    // Marked handled with a note of what was done (required since issue 36).
    const note = "Called them back";
    const handled = await ask("/office/reviews", {
      cookie: owner,
      form: { intent: "handled", reviewId, note },
    });
    expect(handled.status).toBe(200);
    expect(handled.body).toContain("Marked as handled: the desk no longer flags it.");
    expect((await reviewOf(id))!.handledBy).toBe("Olive Owner");
    expect(await needing()).toBe(before);
    const again = await ask("/office/reviews", {
      cookie: owner,
      form: { intent: "handled", reviewId, note },
    });
    expect(again.status).toBe(200);
    const { db } = server.serverApp.database;
    const events = await db
      .select()
      .from(leadEvents)
      .where(
        and(eq(leadEvents.leadId, id), eq(leadEvents.detail, `Low rating handled: "${note}"`)),
      );
    expect(events).toHaveLength(1);
  });

  test("a bad answer is a 400 with its message; before Done there is no form", async () => {
    const { id, page } = await doneRequest(new Date("2031-07-10T15:00:00Z"));
    const none = await answer(page, { words: "no stars" });
    expect(none.status).toBe(400);
    expect(none.body).toContain("Choose 1 to 5 stars");
    expect((await answer(page, { rating: "6" })).status).toBe(400);
    expect((await answer(page, { rating: "5", words: "x".repeat(2001) })).status).toBe(400);
    // A rating is one digit, 1 to 5, as the form's radios send it: nothing that merely reads as one.
    for (const rating of ["1e0", "1.0", "01", "+1", " 1", "0x1", "１", "0", "2.5", "-3", ""]) {
      const odd = await answer(page, { rating });
      expect(odd.status, rating).toBe(400);
      expect(odd.body, rating).toContain("Choose 1 to 5 stars");
    }
    expect(await reviewOf(id)).toBeUndefined();
    expect((await answer(page, { rating: "1" })).status).toBe(200);
    expect(await reviewOf(id)).toMatchObject({ rating: 1 });

    clock = new Date("2031-07-10T15:00:00Z");
    const booked = await server.post("/api/send-email", serviceRequest({ phone: uniquePhone() }));
    const { requestUrl } = (await booked.json()) as { requestUrl: string };
    const open = new URL(requestUrl).pathname;
    expect((await ask(open)).body).not.toContain("Send my review");
    expect((await answer(open, { rating: "5" })).status).toBe(409);
  });

  test("GET never changes anything: neither the answer nor publishing", async () => {
    const { id, page } = await doneRequest(new Date("2031-07-10T15:00:00Z"));
    await ask(`${page}?intent=review&rating=5&mayPublish=yes`);
    expect(await reviewOf(id)).toBeUndefined();
    expect((await answer(page, { rating: "5", mayPublish: "yes" })).status).toBe(200);
    const reviewId = (await reviewOf(id))!.id;
    await ask(`/office/reviews?intent=publish&reviewId=${reviewId}`, { cookie: owner });
    expect((await reviewOf(id))!.publishedAt).toBeNull();
  });

  test("dispatchers and technicians get the desk's 404 for /office/reviews and its POST", async () => {
    const { id, page } = await doneRequest(new Date("2031-07-10T15:00:00Z"));
    expect((await answer(page, { rating: "5", mayPublish: "yes" })).status).toBe(200);
    const reviewId = (await reviewOf(id))!.id;
    for (const cookie of [dispatcher, alex]) {
      expect((await ask("/office/reviews", { cookie })).status).toBe(404);
      const post = await ask("/office/reviews", {
        cookie,
        form: { intent: "publish", reviewId },
      });
      expect(post.status).toBe(404);
    }
    expect((await reviewOf(id))!.publishedAt).toBeNull();
    expect((await ask("/office/reviews")).status).toBe(302);
  });

  test("the desk counts each technician's requests sent, answers and average", async () => {
    const desk = await ask("/office/reviews", { cookie: owner });
    expect(desk.body).toContain("Requests sent");
    expect(desk.body).toMatch(
      /Alex Rivera<\/th><td[^>]*>\d+<\/td><td[^>]*>\d+<\/td><td[^>]*>\d\.\d<\/td>/,
    );
  });

  test("answers from one address are budgeted: past it, 429 with Retry-After", async () => {
    const ip = freshClientIp();
    const pages = [];
    for (let n = 0; n < 6; n++)
      pages.push((await doneRequest(new Date("2031-07-10T15:00:00Z"))).page);
    const answers = await Promise.all(pages.map((page) => answer(page, { rating: "4" }, ip)));
    const statuses = answers.map((reply) => reply.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = answers.find((reply) => reply.status === 429)!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("a privacy erasure keeps the rating and removes the words, the name and the publication", async () => {
    const { id, email, page } = await doneRequest(new Date("2031-07-10T15:00:00Z"));
    expect(
      (await answer(page, { rating: "5", words: "Call me at 555-0100", mayPublish: "yes" })).status,
    ).toBe(200);
    const reviewId = (await reviewOf(id))!.id;
    await ask("/office/reviews", { cookie: owner, form: { intent: "publish", reviewId } });
    const { db } = server.serverApp.database;
    const [ownerRow] = await db.select().from(staffUsers).where(eq(staffUsers.email, ownerEmail));
    const member = { ...ownerRow!, offices: [...ownerRow!.offices] };
    const exported = JSON.parse(await exportPrivacyRecords(db, member, { email })) as {
      reviews: { words: string }[];
    };
    expect(exported.reviews.map((review) => review.words)).toEqual(["Call me at 555-0100"]);
    await erasePrivacyRecords(db, member, { email });
    expect(await reviewOf(id)).toMatchObject({
      rating: 5,
      words: "",
      firstName: "",
      city: "",
      mayPublish: false,
      publishedAt: null,
    });
    expect((await ask("/reviews?region=Texas")).body).not.toContain("555-0100");
  });

  test("no aggregateRating in any page's structured data", async () => {
    for (const path of ["/", "/reviews", "/services/dryer", "/contact", "/service-areas/texas"]) {
      const page = await ask(path);
      expect(page.status, path).toBe(200);
      expect(page.body, path).not.toContain("aggregateRating");
      expect(page.body, path).not.toContain("AggregateRating");
    }
  });
});
