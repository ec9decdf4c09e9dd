import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { outbox, serviceRequests, texts } from "../db/schema";
import { testDatabases } from "../test-support/databases";
import { tuesdayAhead } from "../test-support/office-days";
import { deskClient } from "../test-support/desk-client";
import { startTestServer, type TestServer } from "../test-support/server";
import { addDays } from "../requests/windows";
import { requestRow } from "../test-support/request-rows";

// "New request" (issue 37, point 1): the office takes a request by phone on /office/leads/new,
// saved as a web booking is and booked with the technician chosen. Attacked as the desk's other
// people would: a technician, a dispatcher of another office, bad input, two dispatchers taking
// the last place of a window at once. The real app, signed in for real; no worker, so what was
// sent waits in the outbox and the texts table. Every window here holds one place.

const databases = await testDatabases();

for (const database of databases) {
  describe.skipIf(!database.available)(`New request by phone on ${database.label}`, () => {
    let server: TestServer;
    const { add, ask } = deskClient(() => server);
    let dispatcher: string;
    let floridaDispatcher: string;
    let alex: string;
    let alexId: string;

    beforeAll(async () => {
      server = await startTestServer({
        database,
        withPages: true,
        startWorker: false,
        env: { WINDOW_CAPACITY: "1" },
      });
      dispatcher = (await add("dispatcher", "Dana Dispatch", ["texas"])).cookie;
      floridaDispatcher = (await add("dispatcher", "Fred Florida", ["florida"])).cookie;
      ({ id: alexId, cookie: alex } = await add("technician", "Alex Rivera", ["texas"]));
    });
    afterAll(async () => {
      await server?.close();
    });

    const db = () => server.serverApp.database.db;
    let callers = 0;

    /** What a dispatcher types for a caller: a new phone number each time. */
    function call(fields: Record<string, string> = {}): Record<string, string> {
      callers += 1;
      return {
        selectedAppliance: "washer",
        name: "Priya Natarajan",
        phone: `(713) 555-${String(1000 + callers).padStart(4, "0")}`,
        email: `priya-${callers}-${database.label.toLowerCase()}@example.com`,
        address: "2417 Westheimer Rd, Houston, TX",
        zipCode: "77098",
        description: "Stops mid-cycle with water in the drum",
        notes: "Side gate, dog is friendly",
        brand: "LG",
        model: "WM4000HWA",
        serialNumber: "",
        office: "texas",
        scheduledDate: tuesdayAhead(callers),
        scheduledWindow: "morning",
        technicianId: "",
        source: "phone-call",
        sourceOther: "",
        overbookReason: "",
        ...fields,
      };
    }

    async function stored(phone: string) {
      return db().select().from(serviceRequests).where(eq(serviceRequests.phone, phone));
    }

    async function emailsOf(id: string) {
      return db()
        .select()
        .from(outbox)
        .where(eq(outbox.subjectId, id))
        .orderBy(asc(outbox.createdAt));
    }

    test("with a technician: booked with them, on their My day; the homeowner's link by email and text, the office not emailed", async () => {
      const typed = call({ technicianId: alexId, textConsent: "yes" });
      const created = await ask("/office/leads/new", { cookie: dispatcher, form: typed });
      expect(created.status).toBe(303);
      const id = /^\/office\/leads\/([0-9a-f-]{36})$/.exec(created.location ?? "")?.[1];
      expect(id).toBeDefined();
      const row = await requestRow(db(), id!);
      expect(row).toMatchObject({
        status: "scheduled",
        source: "phone-call",
        takenBy: "Dana Dispatch",
        technicianId: alexId,
        scheduledDate: typed.scheduledDate,
        scheduledWindow: "morning",
        textConsentRecordedBy: "Dana Dispatch",
        textConsentPhone: `+1713555${typed.phone!.slice(-4)}`,
      });
      const emails = await emailsOf(id!);
      // Booked, with its reminder the evening before; no "request received" beside it.
      expect(emails.map((email) => [email.kind, email.cause])).toEqual([
        ["visit.scheduled.customer", "office"],
        ["visit.reminder.customer", "office"],
      ]);
      expect(emails[0]!.cause).toBe("office");
      expect(emails[0]!.message.text).toContain("/requests/");
      const sent = await db().select().from(texts).where(eq(texts.requestId, id!));
      expect(sent.map((text) => text.kind)).toContain("text.booked");
      expect(sent.map((text) => text.kind)).not.toContain("text.received");

      const lead = (await ask(`/office/leads/${id}`, { cookie: dispatcher })).body;
      expect(lead).toContain("Phone call");
      expect(lead).toContain("Service request taken by phone");
      expect(lead).toContain("by phone, recorded by Dana Dispatch");
    });

    test("a caller who prefers Spanish: the request keeps it, and their email, text and consent words are in Spanish; the lead says Prefers Spanish", async () => {
      const typed = call({ technicianId: alexId, textConsent: "yes", prefersSpanish: "yes" });
      const created = await ask("/office/leads/new", { cookie: dispatcher, form: typed });
      expect(created.status).toBe(303);
      const id = /^\/office\/leads\/([0-9a-f-]{36})$/.exec(created.location ?? "")?.[1];
      const row = await requestRow(db(), id!);
      expect(row.language).toBe("es");
      expect(row.textConsentWords).toMatch(/^¿Podemos enviarle mensajes de texto a este número/);
      const [booked] = await emailsOf(id!);
      expect(booked!.kind).toBe("visit.scheduled.customer");
      expect(booked!.message.subject).toMatch(/^Su visita de reparación está confirmada: /);
      expect(booked!.message.html).toContain('<html lang="es">');
      const [text] = await db().select().from(texts).where(eq(texts.requestId, id!));
      expect(text!.body).toMatch(/ Responda ALTO para cancelar\.$/);
      const lead = (await ask(`/office/leads/${id}`, { cookie: dispatcher })).body;
      expect(lead).toContain("Prefers Spanish");
      // Unticked, as before: English.
      const english = call({ technicianId: alexId });
      await ask("/office/leads/new", { cookie: dispatcher, form: english });
      const [englishRow] = await stored(english.phone!);
      expect(englishRow!.language).toBe("en");
    });

    test("without a technician: the request waits for dispatch, the homeowner gets the confirmation with the link, the office no email", async () => {
      const typed = call({ source: "other", sourceOther: "Flyer at the library" });
      const created = await ask("/office/leads/new", { cookie: dispatcher, form: typed });
      expect(created.status).toBe(303);
      const [row] = await stored(typed.phone!);
      expect(row).toMatchObject({
        status: "new",
        source: "other",
        sourceDetail: "Flyer at the library",
        heldDate: typed.scheduledDate,
        textConsentPhone: null,
      });
      const emails = await emailsOf(row!.id);
      expect(emails.map((email) => [email.kind, email.cause])).toEqual([
        ["service-request.customer", "office"],
      ]);
    });

    test("a technician gets 404; another office's dispatcher cannot book for this one; nothing is stored", async () => {
      expect((await ask("/office/leads/new", { cookie: alex })).status).toBe(404);
      const typed = call();
      expect((await ask("/office/leads/new", { cookie: alex, form: typed })).status).toBe(404);
      const other = await ask("/office/leads/new", { cookie: floridaDispatcher, form: typed });
      expect(other.status).toBe(400);
      expect(other.body).toContain("Choose the office");
      expect(await stored(typed.phone!)).toEqual([]);
      // Florida's form offers Florida only, and Texas's technicians are not in it.
      const form = (await ask("/office/leads/new", { cookie: floridaDispatcher })).body;
      expect(form).not.toContain(alexId);
      expect(form).not.toContain('value="texas"');
    });

    test("bad input is a 400 with each message under its field, never a 5xx; nothing is stored", async () => {
      const typed = call({
        source: "",
        phone: "12",
        scheduledWindow: "midnight",
        technicianId: "not-a-technician",
      });
      const refused = await ask("/office/leads/new", { cookie: dispatcher, form: typed });
      expect(refused.status).toBe(400);
      expect(refused.body).toContain("Choose where the customer came from");
      expect(refused.body).toContain("Invalid phone number format");
      expect(refused.body).toContain("Choose a window");
      // What was typed is kept in the form.
      expect(refused.body).toContain("Stops mid-cycle with water in the drum");
      const other = await ask("/office/leads/new", {
        cookie: dispatcher,
        form: call({ source: "other" }),
      });
      expect(other.status).toBe(400);
      expect(other.body).toContain("Say in a few words where from");
      const stranger = await ask("/office/leads/new", {
        cookie: dispatcher,
        form: call({ technicianId: "not-a-technician" }),
      });
      expect(stranger.status).toBe(400);
      expect(stranger.body).toContain("Choose one of the office");
      const past = await ask("/office/leads/new", {
        cookie: dispatcher,
        form: call({ scheduledDate: "2020-01-07" }),
      });
      expect(past.status).toBe(400);
      expect(await stored(typed.phone!)).toEqual([]);
    });

    test("two dispatchers booking the last place of a window at once: one gets it, the other is told and offered the next windows; a reason books it anyway", async () => {
      const day = tuesdayAhead(40);
      const both = await Promise.all(
        [call({ scheduledDate: day }), call({ scheduledDate: day })].map((typed) =>
          ask("/office/leads/new", { cookie: dispatcher, form: typed }),
        ),
      );
      expect(both.map((answer) => answer.status).sort()).toEqual([303, 400]);
      const told = both.find((answer) => answer.status === 400)!;
      expect(told.body).toContain("This window is full");
      expect(told.body).toContain("Open windows next:");

      const anyway = call({ scheduledDate: day, overbookReason: "Owner's neighbour, promised" });
      const booked = await ask("/office/leads/new", { cookie: dispatcher, form: anyway });
      expect(booked.status).toBe(303);
      const [row] = await stored(anyway.phone!);
      expect(row).toMatchObject({ overbookReason: "Owner's neighbour, promised", heldDate: day });
    });

    test("a Sunday is booked only with a reason, which the request keeps", async () => {
      const sunday = addDays(tuesdayAhead(41), -2);
      const closed = await ask("/office/leads/new", {
        cookie: dispatcher,
        form: call({ scheduledDate: sunday }),
      });
      expect(closed.status).toBe(400);
      expect(closed.body).toContain("The office takes no visits in this window that day");
      const anyway = call({ scheduledDate: sunday, overbookReason: "Only free on Sunday" });
      expect((await ask("/office/leads/new", { cookie: dispatcher, form: anyway })).status).toBe(
        303,
      );
      const [row] = await stored(anyway.phone!);
      expect(row).toMatchObject({ overbookReason: "Only free on Sunday", heldDate: sunday });
    });

    test("the same form sent twice at once (a double click without JavaScript) makes one request; a reason for a window not full is not kept", async () => {
      const typed = call({ bookingKey: crypto.randomUUID(), overbookReason: "Just in case" });
      const both = await Promise.all(
        [1, 2].map(() => ask("/office/leads/new", { cookie: dispatcher, form: typed })),
      );
      expect(both.map((answer) => answer.status)).toEqual([303, 303]);
      expect(both[0]!.location).toBe(both[1]!.location);
      const rows = await stored(typed.phone!);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.overbookReason).toBeNull();
      const changed = await ask("/office/leads/new", {
        cookie: dispatcher,
        form: { ...typed, notes: "Another call entirely" },
      });
      expect(changed.status).toBe(400);
      expect(changed.body).toContain("This form was sent before with other details");
    });

    test("the same caller about the same appliance again: pointed to their request, nothing stored twice", async () => {
      const typed = call();
      expect((await ask("/office/leads/new", { cookie: dispatcher, form: typed })).status).toBe(
        303,
      );
      const again = await ask("/office/leads/new", {
        cookie: dispatcher,
        form: { ...typed, scheduledDate: tuesdayAhead(60) },
      });
      expect(again.status).toBe(400);
      expect(again.body).toContain("Open the caller");
      const rows = await db()
        .select()
        .from(serviceRequests)
        .where(and(eq(serviceRequests.phone, typed.phone!)));
      expect(rows).toHaveLength(1);
      // Florida's dispatcher taking the same caller is not told of Texas's request.
      const florida = await ask("/office/leads/new", {
        cookie: floridaDispatcher,
        form: { ...typed, office: "florida", address: "100 Biscayne Blvd, Miami, FL" },
      });
      expect(florida.status).toBe(303);
      expect(florida.location).not.toContain(rows[0]!.id);
    });
  });
}
