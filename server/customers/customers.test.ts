import { randomUUID } from "node:crypto";

import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { formatCalendarDate } from "~/domain/after-the-job";

import { customerEvents, customerKeys, customers, leadEvents, outbox } from "../db/schema";
import { addDays } from "../requests/windows";
import { testDatabases } from "../test-support/databases";
import { texasToday, tuesdayAhead } from "../test-support/office-days";
import { deskClient } from "../test-support/desk-client";
import { serviceRequest } from "../test-support/fixtures";
import { requestRow, setRequest } from "../test-support/request-rows";
import { startTestServer, type TestServer } from "../test-support/server";

// Customers (issue 37, points 2 to 4): a request joins the customer its phone, then its email,
// finds, at once for bookings sent together; the customer's page is the desk's of their offices
// only; an owner edits and merges (a merge written to both customers' timelines and each moved
// request's); New request finds a known caller; the office books a warranty callback from the
// customer's history; the privacy export and erasure take the customer and every request of theirs.
// The real app, signed in for real; no worker, so what was sent waits in the outbox.

const databases = await testDatabases();

for (const database of databases) {
  describe.skipIf(!database.available)(`Customers on ${database.label}`, () => {
    let server: TestServer;
    const { add, ask } = deskClient(() => server);
    let owner: string;
    let dispatcher: string;
    let floridaDispatcher: string;
    let technician: string;
    let alexId: string;

    beforeAll(async () => {
      server = await startTestServer({ database, withPages: true, startWorker: false });
      owner = (await add("owner", "Olivia Owner", ["texas", "florida"])).cookie;
      dispatcher = (await add("dispatcher", "Dana Dispatch", ["texas"])).cookie;
      floridaDispatcher = (await add("dispatcher", "Fred Florida", ["florida"])).cookie;
      ({ id: alexId, cookie: technician } = await add("technician", "Alex Rivera", ["texas"]));
    });
    afterAll(async () => {
      await server?.close();
    });

    const db = () => server.serverApp.database.db;
    let numbers = 0;
    /** A Houston phone no other test of the file uses. */
    function newPhone(): string {
      numbers += 1;
      const four = String(3000 + numbers + (database.label === "PGlite" ? 0 : 500));
      return `(832) 555-${four}`;
    }

    /** A web booking; an email of its own unless given (the fixture's is everyone's). */
    async function book(fields: Record<string, unknown>) {
      const answer = await server.post(
        "/api/send-email",
        serviceRequest({ email: `${randomUUID().slice(0, 12)}@example.com`, ...fields }),
      );
      expect(answer.status).toBe(201);
      return (await answer.json()) as { id: string };
    }

    async function customerOfRequest(id: string): Promise<string> {
      const row = await requestRow(db(), id);
      expect(row.customerId).toBeTruthy();
      return row.customerId!;
    }

    test("the same phone with another email, then the same email (in capitals) with a new phone, join one customer; six bookings at once of a new phone make one", async () => {
      const phone = newPhone();
      const email = `joins-${randomUUID().slice(0, 8)}@example.com`;
      const first = await book({ phone, email, selectedAppliance: "dryer" });
      const samePhone = await book({
        phone,
        selectedAppliance: "oven",
      });
      const byEmail = await book({ phone: newPhone(), email: email.toUpperCase() });
      const customerId = await customerOfRequest(first.id);
      expect(await customerOfRequest(samePhone.id)).toBe(customerId);
      expect(await customerOfRequest(byEmail.id)).toBe(customerId);
      const [record] = await db().select().from(customers).where(eq(customers.id, customerId));
      expect(record).toMatchObject({ phone, email, name: "Jane Doe" });

      // Six appliances, one new phone, all at once: one customer, every request with it.
      const together = newPhone();
      const appliances = ["refrigerator", "washer", "dryer", "oven", "dishwasher", "microwave"];
      const booked = await Promise.all(
        appliances.map((selectedAppliance) =>
          book({ phone: together, selectedAppliance, email: `${selectedAppliance}@example.com` }),
        ),
      );
      const owners = new Set(await Promise.all(booked.map(({ id }) => customerOfRequest(id))));
      expect(owners.size).toBe(1);
      const key = `phone:${together.replace(/\D/g, "").slice(-10)}`;
      const keys = await db().select().from(customerKeys).where(eq(customerKeys.key, key));
      expect(keys.map((row) => row.customerId)).toEqual([...owners]);
    });

    test("the inbox marks the returning customer's request; the search finds an address; a technician and another office get 404 for the customer's page", async () => {
      const phone = newPhone();
      const street = `${randomUUID().slice(0, 6)} Bellaire Blvd, Houston`;
      const name = `Rosa ${randomUUID().slice(0, 6)}`;
      await book({ phone, name, selectedAppliance: "dishwasher", address: street });
      const second = await book({ phone, name, selectedAppliance: "washer", address: street });
      const inbox = (await ask("/office", { cookie: dispatcher, form: { search: street } })).body;
      const rows = inbox.split("<tr").filter((row) => row.includes(name));
      expect(rows).toHaveLength(2);
      expect(rows.filter((row) => row.includes("Returning customer"))).toHaveLength(1);
      expect(rows.find((row) => row.includes("Returning customer"))).toContain(second.id);

      const customerId = await customerOfRequest(second.id);
      const page = await ask(`/office/customers/${customerId}`, { cookie: dispatcher });
      expect(page.status).toBe(200);
      expect(page.body).toContain(name);
      expect(page.body).toContain(`href="/office/leads/${second.id}"`);
      // A dispatcher reads; the owner's forms are not there, nor do they answer.
      expect(page.body).not.toContain("Merge into this customer");
      const posted = await ask(`/office/customers/${customerId}`, {
        cookie: dispatcher,
        form: { intent: "edit", version: "0", name: "X", phone, address: "Y" },
      });
      expect(posted.status).toBe(404);
      for (const cookie of [technician, floridaDispatcher, ""]) {
        const answer = await ask(`/office/customers/${customerId}`, { cookie });
        expect([404, 302]).toContain(answer.status);
        expect(answer.body).not.toContain(name);
      }
      expect((await ask(`/office/customers/not-a-customer`, { cookie: owner })).status).toBe(404);
      expect((await ask(`/office/customers/${randomUUID()}`, { cookie: owner })).status).toBe(404);
    });

    test("an owner edits the details: the new phone finds the customer, another customer's phone is refused, an old version is a conflict, bad input is a 400 under its field", async () => {
      const phone = newPhone();
      const first = await book({ phone, name: "Grace Lin" });
      const customerId = await customerOfRequest(first.id);
      const other = await book({ phone: newPhone(), name: "Tom Hale" });
      const otherPhone = (await requestRow(db(), other.id)).phone;
      const path = `/office/customers/${customerId}`;
      const details = {
        intent: "edit",
        name: "Grace Lin-Park",
        phone: newPhone(),
        email: "grace.park@example.com",
        address: "77 Kirby Dr, Houston",
        zipCode: "77019",
      };

      const empty = await ask(path, {
        cookie: owner,
        form: { ...details, version: "0", name: "" },
      });
      expect(empty.status).toBe(400);
      expect(empty.body).toContain("Name is required");
      const taken = await ask(path, {
        cookie: owner,
        form: { ...details, version: "0", phone: otherPhone },
      });
      expect(taken.status).toBe(400);
      expect(taken.body).toContain("Another customer has this phone");

      const saved = await ask(path, { cookie: owner, form: { ...details, version: "0" } });
      expect(saved.status).toBe(200);
      expect(saved.body).toContain("The customer&#x27;s details were saved.");
      const [record] = await db().select().from(customers).where(eq(customers.id, customerId));
      expect(record).toMatchObject({ name: "Grace Lin-Park", version: 1 });
      const stale = await ask(path, { cookie: owner, form: { ...details, version: "0" } });
      expect(stale.status).toBe(409);
      expect(stale.body).toContain("Someone changed this customer");
      const events = await db()
        .select()
        .from(customerEvents)
        .where(eq(customerEvents.customerId, customerId));
      expect(events.map((event) => event.detail)).toEqual([
        "Details edited: name, phone, email, address, zip code",
      ]);
      // The new phone books into the same customer; the old one still does too.
      const fromNew = await book({ phone: details.phone, selectedAppliance: "oven" });
      const fromOld = await book({ phone, selectedAppliance: "microwave" });
      expect(await customerOfRequest(fromNew.id)).toBe(customerId);
      expect(await customerOfRequest(fromOld.id)).toBe(customerId);
    });

    test("an owner merges two customers: the requests move through the door, both timelines say so, the merged phone books into the one left", async () => {
      const kept = await book({ phone: newPhone(), name: "Maria Lopez" });
      const secondPhone = newPhone();
      const merged = [
        await book({ phone: secondPhone, name: "Maria L.", selectedAppliance: "washer" }),
        await book({ phone: secondPhone, name: "Maria L.", selectedAppliance: "dryer" }),
      ];
      const keptId = await customerOfRequest(kept.id);
      const mergedId = await customerOfRequest(merged[0]!.id);
      expect(mergedId).not.toBe(keptId);
      const path = `/office/customers/${keptId}`;

      const unknown = await ask(path, {
        cookie: owner,
        form: { intent: "merge", version: "0", other: "(832) 555-0000" },
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toContain("No other customer of your offices has this phone or email.");
      const itself = await ask(path, {
        cookie: owner,
        form: {
          intent: "merge",
          version: "0",
          other: (await requestRow(db(), kept.id)).phone,
        },
      });
      expect(itself.status).toBe(400);
      expect(itself.body).toContain("That phone or email is this customer&#x27;s own.");
      const versionBefore = (await requestRow(db(), merged[0]!.id)).version;

      const done = await ask(path, {
        cookie: owner,
        form: { intent: "merge", version: "0", other: secondPhone },
      });
      expect(done.status).toBe(200);
      expect(done.body).toContain(
        "The other customer was merged into this one, with its 2 requests.",
      );
      for (const { id } of merged) {
        const row = await requestRow(db(), id);
        expect(row.customerId).toBe(keptId);
        // Through the door: the version went up and the request's timeline has its line.
        expect(row.version).toBe(versionBefore + 1);
        const lines = await db()
          .select()
          .from(leadEvents)
          .where(and(eq(leadEvents.leadId, id), eq(leadEvents.kind, "customer")));
        expect(lines).toHaveLength(1);
      }
      const timelines = await db()
        .select()
        .from(customerEvents)
        .where(inArray(customerEvents.customerId, [keptId, mergedId]));
      expect(
        timelines.map((event) => [event.customerId, event.otherCustomerId, event.detail]).sort(),
      ).toEqual(
        [
          [keptId, mergedId, "Another customer merged into this one, with 2 requests"],
          [mergedId, keptId, "Merged into another customer, with 2 requests"],
        ].sort(),
      );
      const page = (await ask(path, { cookie: owner })).body;
      expect(page).toContain(`href="/office/leads/${merged[1]!.id}"`);
      expect(page).toContain("Another customer merged into this one");
      expect((await ask(`/office/customers/${mergedId}`, { cookie: owner })).status).toBe(404);
      // The merged customer's phone finds the one left, for the next call.
      const later = await book({ phone: secondPhone, selectedAppliance: "oven" });
      expect(await customerOfRequest(later.id)).toBe(keptId);
    });

    test("New request finds a known caller of the desk's offices and fills in their details and appliance; another office's dispatcher finds nobody", async () => {
      const phone = newPhone();
      const first = await book({
        phone,
        name: "Hector Ruiz",
        email: "hector.ruiz@example.com",
        address: "5120 Richmond Ave, Houston",
        selectedAppliance: "washer",
        brand: "LG",
        model: "WM4000HWA",
        serialNumber: "504KWBB1234",
      });
      const typed = { phone, name: "", address: "", notes: "Calls from work", bookingKey: "k" };
      const found = await ask("/office/leads/new", {
        cookie: dispatcher,
        form: { ...typed, intent: "find" },
      });
      expect(found.status).toBe(200);
      expect(found.body).toContain("Returning customer:");
      expect(found.body).toContain('value="Hector Ruiz"');
      // The email is shown to ask about, never filled in: the private link would go to it.
      expect(found.body).toContain("Email on file");
      expect(found.body).toContain("hector.ruiz@example.com");
      expect(found.body).not.toContain('value="hector.ruiz@example.com"');
      expect(found.body).toContain('value="5120 Richmond Ave, Houston"');
      expect(found.body).toContain("Calls from work");
      expect(found.body).toContain(`value="appliance:${first.id}"`);
      expect(found.body).toContain("Washing Machine, LG WM4000HWA serial 504KWBB1234");
      expect(found.body).toMatch(/<option value="returning-customer" selected="">/);
      const picked = await ask("/office/leads/new", {
        cookie: dispatcher,
        form: { ...typed, intent: `appliance:${first.id}` },
      });
      expect(picked.body).toContain('value="WM4000HWA"');
      expect(picked.body).toContain('value="504KWBB1234"');
      expect(picked.body).toMatch(/<option value="washer" selected="">/);

      const elsewhere = await ask("/office/leads/new", {
        cookie: floridaDispatcher,
        form: { ...typed, intent: "find" },
      });
      expect(elsewhere.status).toBe(200);
      expect(elsewhere.body).toContain("No customer of your offices has this phone");
      expect(elsewhere.body).not.toContain("Hector Ruiz");
      const short = await ask("/office/leads/new", {
        cookie: dispatcher,
        form: { ...typed, phone: "555-12", intent: "find" },
      });
      expect(short.body).toContain("Type the caller&#x27;s phone, ten digits, to find them");
      const tech = await ask("/office/leads/new", {
        cookie: technician,
        form: { ...typed, intent: "find" },
      });
      expect(tech.status).toBe(404);
      expect(tech.body).not.toContain("Hector Ruiz");
    });

    test("the office books the warranty callback from the customer's history: free, with the repair's technician, the homeowner told, the office not emailed", async () => {
      const phone = newPhone();
      const repaired = await book({ phone, selectedAppliance: "dryer", email: "ana@example.com" });
      const warrantyEnds = addDays(texasToday(), 60);
      await setRequest(db(), repaired.id, {
        status: "completed",
        fieldStatus: "done",
        technician: "Alex Rivera",
        technicianId: alexId,
        workDone: "Replaced the igniter",
        paid: { method: "card", cents: 24_500, at: new Date() },
        warrantyDays: 90,
        warrantyEnds,
      });
      const later = await book({ phone, selectedAppliance: "washer", email: "ana@example.com" });
      const customerId = await customerOfRequest(later.id);
      const history = (await ask(`/office/customers/${customerId}`, { cookie: dispatcher })).body;
      expect(history).toContain(`in warranty until ${formatCalendarDate(warrantyEnds)}`);
      expect(history).toContain(`href="/office/leads/${repaired.id}#warranty-callback"`);
      const lead = (await ask(`/office/leads/${later.id}`, { cookie: dispatcher })).body;
      expect(lead).toContain(`href="/office/leads/${repaired.id}#warranty-callback"`);

      const path = `/office/leads/${repaired.id}`;
      const page = (await ask(path, { cookie: dispatcher })).body;
      expect(page).toContain('id="warranty-callback"');
      const version = String((await requestRow(db(), repaired.id)).version);
      const choice = {
        intent: "warranty-callback",
        version,
        problem: "No heat again",
        scheduledDate: tuesdayAhead(1),
        scheduledWindow: "morning",
        technicianId: alexId,
      };
      const bad = await ask(path, {
        cookie: dispatcher,
        form: { ...choice, problem: " ", scheduledWindow: "midnight", technicianId: "someone" },
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toContain("Say what went wrong this time");
      expect(bad.body).toContain("Choose a window");
      expect(bad.body).toContain("Choose the technician");
      const foreign = await ask(path, { cookie: floridaDispatcher, form: choice });
      expect(foreign.status).toBe(404);

      const booked = await ask(path, { cookie: dispatcher, form: choice });
      expect(booked.status).toBe(302);
      const row = await requestRow(db(), repaired.id);
      expect(row).toMatchObject({
        status: "scheduled",
        warrantyCallback: true,
        visitNumber: 2,
        technicianId: alexId,
        scheduledDate: choice.scheduledDate,
        callbackProblem: "No heat again",
      });
      const sent = await db().select().from(outbox).where(eq(outbox.subjectId, repaired.id));
      expect(sent.map((email) => email.kind)).toContain("visit.scheduled.customer");
      expect(sent.map((email) => email.kind)).not.toContain("warranty-callback.company");
      // Booked, it is not offered again; the same post again is refused.
      expect((await ask(path, { cookie: dispatcher })).body).not.toContain(
        'id="warranty-callback"',
      );
      const again = await ask(path, {
        cookie: dispatcher,
        form: { ...choice, version: String(row.version) },
      });
      expect(again.status).toBe(400);
      expect(again.body).toContain("A warranty callback is booked already.");
    });

    test("the privacy export and erasure of a phone take the customer and every request of theirs, one made with another phone too", async () => {
      const phone = newPhone();
      const email = `privacy-${randomUUID().slice(0, 8)}@example.com`;
      const first = await book({ phone, email, name: "Nadia Haddad" });
      const otherPhone = newPhone();
      const byEmail = await book({ phone: otherPhone, email, selectedAppliance: "oven" });
      const customerId = await customerOfRequest(first.id);
      expect(await customerOfRequest(byEmail.id)).toBe(customerId);

      // A stranger books with their own phone and this person's email: it joins this customer,
      // but their own privacy request reaches their request only, never this person's history.
      const strangerPhone = newPhone();
      const stranger = await book({ phone: strangerPhone, email, selectedAppliance: "microwave" });
      expect(await customerOfRequest(stranger.id)).toBe(customerId);
      const theirs = await ask("/office/privacy/export", {
        cookie: owner,
        form: { who: strangerPhone },
      });
      const theirDocument = JSON.parse(theirs.body) as {
        customers: unknown[];
        serviceRequests: { id: string }[];
      };
      expect(theirDocument.customers).toEqual([]);
      expect(theirDocument.serviceRequests.map((row) => row.id)).toEqual([stranger.id]);

      const exported = await ask("/office/privacy/export", { cookie: owner, form: { who: phone } });
      expect(exported.status).toBe(200);
      const document = JSON.parse(exported.body) as {
        customers: { id: string; name: string }[];
        serviceRequests: { id: string }[];
      };
      expect(document.customers.map((row) => row.id)).toEqual([customerId]);
      expect(document.serviceRequests.map((row) => row.id).sort()).toEqual(
        [first.id, byEmail.id, stranger.id].sort(),
      );

      const erased = await ask("/office/privacy", {
        cookie: owner,
        form: { intent: "erase", who: phone, confirm: "yes" },
      });
      expect(erased.status).toBe(200);
      expect((await requestRow(db(), byEmail.id)).erasedAt).not.toBeNull();
      const [record] = await db().select().from(customers).where(eq(customers.id, customerId));
      expect(record).toMatchObject({ name: "[erased]", phone: "", email: "", address: "" });
      expect(record!.erasedAt).not.toBeNull();
      expect(
        await db().select().from(customerKeys).where(eq(customerKeys.customerId, customerId)),
      ).toEqual([]);
      // The phone and the email find nobody now: the next booking is a new customer.
      const next = await book({ phone: otherPhone, email });
      expect(await customerOfRequest(next.id)).not.toBe(customerId);
      expect((await ask(`/office/customers/${customerId}`, { cookie: owner })).status).toBe(404);
    });

    test("a dispatcher is shown the contact details of the customer's newest request in their offices, never another office's; the owner the customer's own", async () => {
      const phone = newPhone();
      const miami = await book({
        phone,
        name: "Carmen Florida-Name",
        address: "880 Brickell Ave, Miami",
        companyEmail: "florida@easyappliancerepair.com",
      });
      const houston = await book({ phone, name: "Carmen Texas-Name", selectedAppliance: "oven" });
      const customerId = await customerOfRequest(houston.id);
      expect(await customerOfRequest(miami.id)).toBe(customerId);
      const texas = (await ask(`/office/customers/${customerId}`, { cookie: dispatcher })).body;
      expect(texas).toContain("Carmen Texas-Name");
      expect(texas).not.toContain("Florida-Name");
      expect(texas).not.toContain("Brickell");
      expect(texas).not.toContain(miami.id);
      const found = await ask("/office/leads/new", {
        cookie: dispatcher,
        form: { phone, intent: "find", bookingKey: "k" },
      });
      expect(found.body).toContain('value="Carmen Texas-Name"');
      expect(found.body).not.toContain("Brickell");
      const owners = (await ask(`/office/customers/${customerId}`, { cookie: owner })).body;
      expect(owners).toContain("Carmen Florida-Name");
      expect(owners).toContain(miami.id);
    });

    test("merged twice, a customer points at the one left: its phone books there and the erasure of that one takes it too", async () => {
      const [x, y, z] = [newPhone(), newPhone(), newPhone()];
      const ids = [];
      for (const phone of [x, y, z]) ids.push(await customerOfRequest((await book({ phone })).id));
      const [xId, yId, zId] = ids as [string, string, string];
      const merge = async (into: string, other: string) => {
        const [row] = await db().select().from(customers).where(eq(customers.id, into));
        const answer = await ask(`/office/customers/${into}`, {
          cookie: owner,
          form: { intent: "merge", version: String(row!.version), other },
        });
        expect(answer.status).toBe(200);
      };
      await merge(yId, x);
      await merge(zId, y);
      const rows = await db()
        .select({ id: customers.id, mergedIntoId: customers.mergedIntoId })
        .from(customers)
        .where(inArray(customers.id, [xId, yId]));
      expect(rows.map((row) => row.mergedIntoId)).toEqual([zId, zId]);
      expect(
        await customerOfRequest((await book({ phone: x, selectedAppliance: "oven" })).id),
      ).toBe(zId);
      const erased = await ask("/office/privacy", {
        cookie: owner,
        form: { intent: "erase", who: z, confirm: "yes" },
      });
      expect(erased.status).toBe(200);
      const left = await db()
        .select({ name: customers.name, phone: customers.phone })
        .from(customers)
        .where(inArray(customers.id, [xId, yId, zId]));
      expect(left).toEqual([
        { name: "[erased]", phone: "" },
        { name: "[erased]", phone: "" },
        { name: "[erased]", phone: "" },
      ]);
    });
  });
}
