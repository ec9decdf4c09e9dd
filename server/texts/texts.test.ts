import { randomUUID } from "node:crypto";

import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { textConsentWords } from "~/domain/texts";

import { serviceRequests, textOptOuts, texts } from "../db/schema";
import { erasePrivacyRecords, exportPrivacyRecords } from "../desk/privacy.server";
import type { StaffMember } from "../desk/staff-accounts.server";
import { testDatabases } from "../test-support/databases";
import { deskClient } from "../test-support/desk-client";
import { serviceRequest, uniquePhone } from "../test-support/fixtures";
import {
  freshClientIp,
  startTestServer,
  testSiteUrl,
  type TestServer,
} from "../test-support/server";
import { daytimeShiftMs } from "../test-support/text-hours";
import { startTwilioStandIn, type TwilioStandIn } from "../test-support/twilio";
import { isGsm7 } from "./messages";
import { e164Of } from "./phone-numbers";
import { enqueueText } from "./enqueue";
import { quietUntil } from "./quiet-hours";

// Texts against a stand-in for Twilio's API on 127.0.0.1: consent, STOP/START/HELP, quiet
// hours, retries only when nothing was taken, and "unknown" rather than a second text.

const [database] = await testDatabases();

describe.skipIf(!database?.available)("Texts", () => {
  let server: TestServer;
  let provider: TwilioStandIn;
  /** The app's clock: running from `daytimeShiftMs` ahead unless a test moves it (quiet hours). */
  let clock: Date | null = null;
  /** Moved on by `pastUndo`: a tap's news waits out the seconds its Undo is offered. */
  let undoneMs = 0;
  const appNow = () => clock ?? new Date(Date.now() + daytimeShiftMs + undoneMs);
  const pastUndo = () => {
    undoneMs += 30_000;
  };
  let dispatcher = "";
  let alex = "";
  let alexId = "";

  beforeAll(async () => {
    provider = await startTwilioStandIn();
    server = await startTestServer({
      database: database!,
      env: provider.env,
      now: appNow,
      startWorker: false,
      withPages: true,
    });
    const { add } = deskClient(() => server);
    dispatcher = (await add("dispatcher", "Dan Dispatch", ["texas"])).cookie;
    ({ id: alexId, cookie: alex } = await add("technician", "Alex Rivera", ["texas"]));
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  async function book(overrides: Record<string, unknown> = {}) {
    const answer = await server.post("/api/send-email", serviceRequest(overrides));
    expect(answer.status).toBe(201);
    return (await answer.json()) as { id: string; requestUrl: string };
  }

  /** Runs the text worker until `done` holds (a retry waits out its back-off), or fails. */
  async function sendUntil(done: () => boolean) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      await server.serverApp.texts.runOnce();
      if (done()) return;
      if (Date.now() > deadline) throw new Error("The texts were not sent in time");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function textsOf(requestId: string) {
    const { db } = server.serverApp.database;
    return db.select().from(texts).where(eq(texts.requestId, requestId));
  }

  function to(phone: string) {
    return provider.received.filter((text) => text.to === e164Of(phone));
  }

  async function ask(path: string, cookie: string, form?: Record<string, string>) {
    const answer = await fetch(`${server.baseUrl}${path}`, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: { cookie, "X-Forwarded-For": freshClientIp() },
      ...(form ? { body: new URLSearchParams(form) } : {}),
    });
    return { status: answer.status, body: (await answer.text()).replaceAll("<!-- -->", "") };
  }

  function todayInTexas() {
    return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(appNow());
  }

  /** The office books the request for today with Alex. */
  async function bookedWithAlex(id: string) {
    const page = await ask(`/office/leads/${id}`, dispatcher);
    const version = /name="version" value="(\d+)"/.exec(page.body)?.[1] ?? "0";
    const saved = await ask(`/office/leads/${id}`, dispatcher, {
      intent: "confirm-visit",
      version,
      scheduledDate: todayInTexas(),
      scheduledWindow: "evening",
      technicianId: alexId,
    });
    expect(saved.status).toBe(200);
  }

  function onMyWay(id: string, minutes = "20") {
    return ask("/office/day", alex, {
      intent: "on-my-way",
      requestId: id,
      minutes,
      tapKey: randomUUID(),
      // Alex's earlier visits of the day stay unfinished here: he goes to this one first.
      outOfOrder: "yes",
    });
  }

  test("no consent, no text: not for the booking, nor for On my way", async () => {
    const phone = uniquePhone();
    const { id } = await book({ phone });
    await bookedWithAlex(id);
    expect((await onMyWay(id)).status).toBe(302);
    pastUndo();
    await server.serverApp.texts.drain();
    expect(to(phone)).toEqual([]);
    expect(await textsOf(id)).toEqual([]);
  });

  test("with the box ticked, the consent is stored as shown and the confirmation arrives with the private link", async () => {
    const phone = uniquePhone();
    const { id, requestUrl } = await book({
      phone,
      textConsent: true,
      textConsentPage: "/services/refrigerator",
      name: "Ignore previous <b>instructions</b>",
      description: "Call me at 555-0000 http://evil.example",
    });
    const { db } = server.serverApp.database;
    const [row] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
    expect(row).toMatchObject({
      textConsentWords,
      textConsentPage: "/services/refrigerator",
      textConsentPhone: e164Of(phone),
    });
    expect(row!.textConsentAt).toBeInstanceOf(Date);
    await sendUntil(() => to(phone).length === 1);
    const [text] = to(phone);
    expect(text!.from).toBe(provider.env.SMS_FROM);
    expect(text!.body).toContain(new URL(requestUrl).pathname);
    expect(text!.body).toMatch(/^Easy Appliance Repair: we got your refrigerator repair request/);
    expect(text!.body).toContain("Reply STOP");
    // Nothing the visitor typed, and plain GSM-7.
    expect(text!.body).not.toMatch(/instructions|evil|555-0000/);
    expect(isGsm7(text!.body)).toBe(true);
    expect(text!.statusCallback).toBe(
      `${testSiteUrl}/api/sms/status?text=${(await textsOf(id))[0]!.id}`,
    );
    // The stored text holds no working link: only a placeholder.
    expect((await textsOf(id))[0]!.body).not.toContain(new URL(requestUrl).pathname);
  });

  test("STOP: one confirmation, then nothing, not even On my way; START: texts again; HELP: the phone", async () => {
    const phone = uniquePhone();
    const number = e164Of(phone)!;
    const { id } = await book({ phone, textConsent: "yes" });
    await sendUntil(() => to(phone).length === 1);
    const inbound = (body: string) =>
      provider.signedPost(server.baseUrl, testSiteUrl, "/api/sms/inbound", {
        AccountSid: provider.accountSid,
        MessageSid: `SM${randomUUID().replaceAll("-", "")}`,
        From: number,
        To: provider.env.SMS_FROM!,
        Body: body,
      });
    const stop = await inbound(" stop ");
    expect(stop.status).toBe(200);
    expect(await stop.text()).toContain("<Response>");
    // A second STOP gets no second answer.
    expect((await inbound("STOP")).status).toBe(200);
    await sendUntil(() => to(phone).length === 2);
    await server.serverApp.texts.drain();
    expect(to(phone).map((text) => text.body)).toEqual([
      expect.stringContaining("we got your"),
      "Easy Appliance Repair: you will get no more texts from us. Reply START to get them again.",
    ]);

    await bookedWithAlex(id);
    expect((await onMyWay(id)).status).toBe(302);
    pastUndo();
    await server.serverApp.texts.drain();
    expect(to(phone)).toHaveLength(2);
    const held = (await textsOf(id)).filter((text) => text.kind === "text.on-the-way");
    expect(held).toEqual([
      expect.objectContaining({ status: "cancelled", lastError: "The number replied STOP" }),
    ]);

    expect((await inbound("Start")).status).toBe(200);
    await sendUntil(() => to(phone).length === 3);
    expect(to(phone)[2]!.body).toContain("texts about your repair are on again");
    expect((await inbound("HELP")).status).toBe(200);
    await sendUntil(() => to(phone).length === 4);
    expect(to(phone)[3]!.body).toBe(
      "Easy Appliance Repair: call (713) 555-0127, Mon - Sat, 8:00 AM - 6:00 PM. Reply STOP to end texts.",
    );
    // On again: the next On my way (a new time) goes.
    expect((await onMyWay(id, "90")).status).toBe(302);
    pastUndo();
    await sendUntil(() => to(phone).length === 5);
    expect(to(phone)[4]!.body).toMatch(/Alex is on the way, arriving about \d{1,2}:\d\d [AP]M/);
  });

  test("Spanish stops texts too: ALTO, and NO MÁS typed with its accent, each opt its number out, answered in Spanish", async () => {
    for (const word of ["Alto", "No más"]) {
      const phone = uniquePhone();
      const number = e164Of(phone)!;
      const { id } = await book({ phone, textConsent: "yes", language: "es" });
      await sendUntil(() => to(phone).length === 1);
      const answer = await provider.signedPost(server.baseUrl, testSiteUrl, "/api/sms/inbound", {
        AccountSid: provider.accountSid,
        MessageSid: `SM${randomUUID().replaceAll("-", "")}`,
        From: number,
        To: provider.env.SMS_FROM!,
        Body: word,
      });
      expect(answer.status, word).toBe(200);
      await sendUntil(() => to(phone).length === 2);
      // The number's last request was booked in Spanish: so are its texts and the reply.
      expect(to(phone)[0]!.body).toContain("recibimos su solicitud");
      expect(to(phone)[1]!.body).toBe(
        "Easy Appliance Repair: ya no le enviaremos mensajes. Responda START para volver a recibirlos.",
      );
      await bookedWithAlex(id);
      expect((await onMyWay(id)).status).toBe(302);
      pastUndo();
      await server.serverApp.texts.drain();
      expect(to(phone), word).toHaveLength(2);
      const held = (await textsOf(id)).filter((text) => text.kind === "text.on-the-way");
      expect(held, word).toEqual([expect.objectContaining({ status: "cancelled" })]);
    }
  });

  test("a replayed STOP or START changes nothing: each MessageSid is acted on once, five at once too", async () => {
    const phone = uniquePhone();
    const number = e164Of(phone)!;
    await book({ phone, textConsent: "yes" });
    const { db } = server.serverApp.database;
    const reply = (body: string) => ({
      AccountSid: provider.accountSid,
      MessageSid: `SM${randomUUID().replaceAll("-", "")}`,
      From: number,
      To: provider.env.SMS_FROM!,
      Body: body,
    });
    const post = (fields: Record<string, string>) =>
      provider.signedPost(server.baseUrl, testSiteUrl, "/api/sms/inbound", fields);
    const optedOut = async () =>
      (await db.select().from(textOptOuts).where(eq(textOptOuts.phone, number))).length === 1;
    const replies = async () =>
      (await db.select().from(texts).where(eq(texts.to, number)).orderBy(asc(texts.createdAt)))
        .filter((text) => text.kind.startsWith("text.reply."))
        .map((text) => text.kind);

    const stop = reply("STOP");
    expect((await post(stop)).status).toBe(200);
    expect(await optedOut()).toBe(true);
    const start = reply("START");
    expect((await post(start)).status).toBe(200);
    expect(await optedOut()).toBe(false);
    expect(await replies()).toEqual(["text.reply.stop", "text.reply.start"]);

    // The captured STOP, replayed five times at once, signature and all: still on, no reply.
    const replays = await Promise.all(Array.from({ length: 5 }, () => post(stop)));
    expect(replays.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await optedOut()).toBe(false);
    // The number stops again; the captured START replayed does not turn texts back on.
    expect((await post(reply("STOP"))).status).toBe(200);
    expect((await post(start)).status).toBe(200);
    expect(await optedOut()).toBe(true);
    expect(await replies()).toEqual(["text.reply.stop", "text.reply.start", "text.reply.stop"]);
    // A new START (a new message) does.
    const fresh = await Promise.all(Array.from({ length: 5 }, () => reply("START")).map(post));
    expect(fresh.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await optedOut()).toBe(false);
  });

  test("a forged or unsigned webhook is 403 and changes nothing", async () => {
    const phone = uniquePhone();
    const number = e164Of(phone)!;
    const { id } = await book({ phone, textConsent: true });
    const fields = { From: number, To: provider.env.SMS_FROM!, Body: "STOP" };
    const forged = await provider.signedPost(
      server.baseUrl,
      testSiteUrl,
      "/api/sms/inbound",
      fields,
      "bm90IGEgc2lnbmF0dXJl",
    );
    expect(forged.status).toBe(403);
    const unsigned = await fetch(`${server.baseUrl}/api/sms/inbound`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    expect(unsigned.status).toBe(403);
    // Signed for another address (a replay to another endpoint) is forged too.
    const [text] = await textsOf(id);
    const elsewhere = await fetch(`${server.baseUrl}/api/sms/status?text=${text!.id}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Twilio-Signature": provider.sign(`${testSiteUrl}/api/sms/inbound`, {
          MessageSid: "SM1",
          MessageStatus: "failed",
        }),
      },
      body: new URLSearchParams({ MessageSid: "SM1", MessageStatus: "failed" }),
    });
    expect(elsewhere.status).toBe(403);
    const { db } = server.serverApp.database;
    expect(await db.select().from(textOptOuts).where(eq(textOptOuts.phone, number))).toEqual([]);
    expect((await textsOf(id))[0]!.status).toBe("pending");
  });

  test("quiet hours: a pay link the technician texts at the door at 22:00 goes at once; the booking's text waits for 8:00", async () => {
    // 22:00 in Houston on Jul 14, 2031 (CDT).
    clock = new Date("2031-07-15T03:00:00Z");
    try {
      const phone = uniquePhone();
      const { id } = await book({ phone, textConsent: true, preferredDate: "2031-07-16" });
      const { db } = server.serverApp.database;
      const [request] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
      // As the door writes it when the technician taps Text pay link on My day.
      await db.transaction((tx) =>
        enqueueText(tx, request!, {
          kind: "text.pay-link",
          body: "Easy Appliance Repair: your repair balance is $245.00. Pay by card: https://checkout.stripe.com/c/pay/cs_test_a1",
        }),
      );
      await sendUntil(() => to(phone).length === 1);
      await server.serverApp.texts.runOnce();
      expect(to(phone).map((text) => text.body)).toEqual([
        expect.stringContaining("Pay by card: https://checkout.stripe.com/c/pay/cs_test_a1"),
      ]);
      const waiting = (await textsOf(id)).filter((text) => text.kind !== "text.pay-link");
      expect(waiting.length).toBeGreaterThan(0);
      for (const text of waiting) {
        expect(text).toMatchObject({ status: "pending", attempts: 0 });
        // 8:00 in Houston on Jul 15.
        expect(text.nextAttemptAt.toISOString()).toBe("2031-07-15T13:00:00.000Z");
      }
    } finally {
      clock = null;
    }
  });

  test("quiet hours: a reminder due at 22:00 Central waits until 8:00; Florida's evening ends at 20:00", async () => {
    // A visit on Jul 15, 2031, booked by the office the afternoon before; the worker next looks
    // at 22:00 that evening (the 18:00 reminder, and the texts before it, are due then).
    clock = new Date("2031-07-14T20:00:00Z");
    try {
      const phone = uniquePhone();
      const { id } = await book({ phone, textConsent: true, preferredDate: "2031-07-15" });
      const page = await ask(`/office/leads/${id}`, dispatcher);
      const version = /name="version" value="(\d+)"/.exec(page.body)?.[1] ?? "0";
      const saved = await ask(`/office/leads/${id}`, dispatcher, {
        intent: "confirm-visit",
        version,
        scheduledDate: "2031-07-15",
        scheduledWindow: "morning",
        technicianId: alexId,
      });
      expect(saved.status).toBe(200);
      clock = new Date("2031-07-15T03:00:00Z");
      await server.serverApp.texts.runOnce();
      expect(to(phone)).toEqual([]);
      const reminder = (await textsOf(id)).find((text) => text.kind === "text.reminder");
      expect(reminder).toMatchObject({ status: "pending", attempts: 0 });
      // 8:00 in Houston on Jul 15 (CDT).
      expect(reminder!.nextAttemptAt.toISOString()).toBe("2031-07-15T13:00:00.000Z");
      clock = new Date("2031-07-15T12:59:00Z");
      await server.serverApp.texts.runOnce();
      expect(to(phone)).toEqual([]);
      clock = new Date("2031-07-15T13:00:30Z");
      await sendUntil(() => to(phone).length === 3);
      expect(to(phone).map((text) => text.body)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/reminder, your refrigerator repair visit is tomorrow/),
        ]),
      );
    } finally {
      clock = null;
    }
    expect(quietUntil("florida", new Date("2026-12-01T01:30:00Z"))?.toISOString()).toBe(
      "2026-12-01T13:00:00.000Z",
    );
    expect(quietUntil("florida", new Date("2026-11-30T23:30:00Z"))).toBeNull();
    expect(quietUntil("texas", new Date("2026-12-01T02:30:00Z"))).toBeNull();
  });

  test("one number gets 8 texts of one cause a day at most, whoever books with it", async () => {
    const number = e164Of(uniquePhone())!;
    const { db } = server.serverApp.database;
    await db.insert(texts).values(
      Array.from({ length: 10 }, () => ({
        id: randomUUID(),
        kind: "text.booked",
        to: number,
        body: "Easy Appliance Repair: your repair visit is booked. Reply STOP to end texts.",
        office: "texas" as const,
      })),
    );
    await server.serverApp.texts.drain();
    expect(provider.received.filter((text) => text.to === number)).toHaveLength(8);
    const rows = await db.select().from(texts).where(eq(texts.to, number));
    expect(rows.filter((row) => row.status === "held")).toHaveLength(2);
  });

  test("a 500, or a connection closed before the request was read, is tried again: one message in the end", async () => {
    const phone = uniquePhone();
    provider.misbehave("answer-500", 2);
    provider.misbehave("close-before-reading", 2);
    const before = provider.attempts;
    const { id } = await book({ phone, textConsent: true });
    await sendUntil(() => to(phone).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await server.serverApp.texts.drain();
    expect(to(phone)).toHaveLength(1);
    expect(provider.attempts - before).toBe(5);
    const [text] = await textsOf(id);
    expect(text).toMatchObject({ status: "queued", attempts: 5, providerId: to(phone)[0]!.sid });
  });

  test("taken but its answer lost: one message, marked unknown and never sent again; a delivery callback settles it", async () => {
    const phone = uniquePhone();
    provider.misbehave("lose-answer", 1);
    const { id } = await book({ phone, textConsent: true });
    await sendUntil(() => to(phone).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await server.serverApp.texts.drain();
    expect(to(phone)).toHaveLength(1);
    const [text] = await textsOf(id);
    expect(text).toMatchObject({ status: "unknown", providerId: null });

    // The provider's callbacks: delivered settles it; a late "sent" does not move it back.
    const status = (fields: Record<string, string>) =>
      provider.signedPost(server.baseUrl, testSiteUrl, `/api/sms/status?text=${text!.id}`, fields);
    const sid = to(phone)[0]!.sid;
    expect((await status({ MessageSid: sid, MessageStatus: "delivered" })).status).toBe(204);
    expect((await status({ MessageSid: sid, MessageStatus: "sent" })).status).toBe(204);
    expect((await textsOf(id))[0]).toMatchObject({ status: "delivered", providerId: sid });
    // The office reads it on the lead.
    const lead = await ask(`/office/leads/${id}`, dispatcher);
    expect(lead.body).toContain("Delivered");
    expect(lead.body).toContain("Texts to the customer");
  });

  test("texts on again: the evening-before reminder of the visit as it stands now waits again, once", async () => {
    const phone = uniquePhone();
    const { id, requestUrl } = await book({
      phone,
      textConsent: true,
      preferredDate: "2031-07-15",
    });
    const page = new URL(requestUrl).pathname;
    const bookFor = async (scheduledDate: string) => {
      const lead = await ask(`/office/leads/${id}`, dispatcher);
      const version = /name="version" value="(\d+)"/.exec(lead.body)?.[1] ?? "0";
      const saved = await ask(`/office/leads/${id}`, dispatcher, {
        intent: "confirm-visit",
        version,
        scheduledDate,
        scheduledWindow: "morning",
        technicianId: alexId,
      });
      expect(saved.status).toBe(200);
    };
    const waitingReminders = async () =>
      (await textsOf(id)).filter(
        (text) => text.kind === "text.reminder" && text.status === "pending",
      );
    await bookFor("2031-07-15");
    expect(await waitingReminders()).toHaveLength(1);
    expect((await ask(page, "", { intent: "texts-off" })).status).toBe(200);
    expect(await waitingReminders()).toEqual([]);
    // Moved by the office while texts are off: no reminder is written.
    await bookFor("2031-07-16");
    expect(await waitingReminders()).toEqual([]);
    expect((await ask(page, "", { intent: "texts-on" })).body).toContain("Texts are on again.");
    const [reminder, ...more] = await waitingReminders();
    expect(more).toEqual([]);
    // 18:00 in Houston (CDT) the evening before the visit as it now stands, Jul 16.
    expect(reminder!.nextAttemptAt.toISOString()).toBe("2031-07-15T23:00:00.000Z");
    expect(reminder!.body).toContain("tomorrow");
    // Off and on again: still one.
    await ask(page, "", { intent: "texts-off" });
    await ask(page, "", { intent: "texts-on" });
    expect(await waitingReminders()).toHaveLength(1);
  });

  test("the homeowner turns texts off on their page (what waits is not sent) and on again; the privacy export lists them, erasure removes them", async () => {
    const phone = uniquePhone();
    const { id, requestUrl } = await book({ phone, textConsent: true });
    const page = new URL(requestUrl).pathname;
    const shown = await ask(page, "");
    expect(shown.body).toContain("Turn texts off");
    expect(shown.body).toContain(`(•••) •••-${e164Of(phone)!.slice(-4)}`);
    const off = await ask(page, "", { intent: "texts-off" });
    expect(off.status).toBe(200);
    expect(off.body).toContain("Texts are off. You still get emails.");
    await server.serverApp.texts.drain();
    expect(to(phone)).toEqual([]);
    expect((await textsOf(id))[0]).toMatchObject({
      status: "cancelled",
      lastError: "The homeowner turned texts off",
    });
    await bookedWithAlex(id);
    await server.serverApp.texts.drain();
    expect(to(phone)).toEqual([]);
    expect((await ask(page, "", { intent: "texts-on" })).body).toContain("Texts are on again.");
    expect((await onMyWay(id)).status).toBe(302);
    pastUndo();
    await sendUntil(() => to(phone).length === 1);
    // A request booked without the box has nothing to turn on.
    const other = await book({ phone: uniquePhone() });
    const refused = await ask(new URL(other.requestUrl).pathname, "", { intent: "texts-on" });
    expect(refused.status).toBe(409);

    const { db } = server.serverApp.database;
    const owner: StaffMember = {
      id: "privacy-owner",
      name: "Olive Owner",
      email: "olive@example.com",
      role: "owner",
      offices: ["texas"],
      disabledAt: null,
      twoFactorEnabled: false,
    };
    const subject = { phone: e164Of(phone)!.slice(2) };
    const exported = JSON.parse(await exportPrivacyRecords(db, owner, subject)) as {
      texts: { kind: string; to: string; text: string }[];
    };
    expect(exported.texts.map((text) => text.kind)).toEqual(
      expect.arrayContaining(["text.received", "text.on-the-way"]),
    );
    expect(exported.texts.every((text) => text.to === e164Of(phone))).toBe(true);
    await erasePrivacyRecords(db, owner, subject);
    expect(await textsOf(id)).toEqual([]);
    const [erased] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
    expect(erased!.textConsentPhone).toBeNull();
  });
});
