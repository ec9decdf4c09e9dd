import { randomUUID } from "node:crypto";
import { stat } from "node:fs/promises";
import path from "node:path";

import { inArray, sql } from "drizzle-orm";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { parseConfig } from "../config";
import { openDatabase, type DatabaseHandle } from "../db/database";
import { newLeadsChannel } from "../db/notifications";
import { contactMessages, outbox, serviceRequests } from "../db/schema";
import { LiveHub } from "../live/live-hub";
import { deskStream } from "../live/live-streams.server";
import { LeadWriter } from "../leads/lead-writer";
import { RequestLinks, requestLinkSecret } from "../requests/request-links";
import { expectConsoleError } from "../test-support/console-errors";
import { testDatabases, type TestDatabaseInstance } from "../test-support/databases";
import { insertRequest } from "../test-support/request-rows";
import { noFilters } from "~/domain/inbox";

import type { DeskServices } from "./desk-services";
import { inboxPage } from "./inbox.server";
import * as sessions from "./staff-sessions.server";
import { pruneSentEmailBodies } from "./privacy.server";
import { maxFailuresPerAccount, maxFailuresPerAddress } from "./sign-in-limit";
import { addStaff, disableStaff, resetStaffPassword } from "./staff-accounts.server";
import { authSecret, createStaffAuth, type StaffAuth } from "./staff-auth";
import { listenForStaffCommands, sendStaffCommand, staffChannelPath } from "./staff-channel";
import type { StateSlug } from "~/content/states";

const password = "a long staff password";
const databases = await testDatabases();

function cookieFrom(headers: Headers) {
  const [cookie] = headers.getSetCookie();
  if (!cookie) throw new Error("No cookie was set");
  return cookie;
}

function requestWith(cookie: string) {
  return new Request("https://repair.example.test/office", {
    headers: { cookie: cookie.split(";")[0]! },
  });
}

function serviceRequestRow(office: StateSlug, name: string): typeof serviceRequests.$inferInsert {
  return {
    id: randomUUID(),
    office,
    selectedAppliance: "Refrigerator",
    name,
    email: "lead@example.com",
    phone: "(352) 555-0142",
    address: "12 Elm St",
    zipCode: "78701",
    preferredDate: "2031-03-12",
    preferredTime: "morning",
    brand: "",
    model: "",
    serialNumber: "",
    description: "Not cooling",
    notes: "",
  };
}

for (const database of databases) {
  describe.skipIf(!database.available)(`The office desk on ${database.label}`, () => {
    let instance: TestDatabaseInstance;
    let handle: DatabaseHandle;
    let auth: StaffAuth;
    let desk: DeskServices;
    let live: LiveHub;

    beforeAll(async () => {
      instance = await database.create();
      handle = await openDatabase({
        databaseUrl: instance.env.DATABASE_URL,
        pgliteDir: path.join(instance.env.DATA_DIR!, "db"),
      });
      auth = createStaffAuth({
        db: handle.db,
        siteUrl: "https://repair.example.test",
        secret: await authSecret(handle.db),
      });
      live = new LiveHub();
      await live.start(handle);
      const config = parseConfig({});
      desk = {
        db: handle.db,
        auth,
        config,
        visits: {
          config,
          links: new RequestLinks(await requestLinkSecret(handle.db), config.SITE_URL),
          now: () => new Date(),
        },
        leads: new LeadWriter(handle.db),
        onEnqueued: () => {},
      };
    });
    afterAll(async () => {
      await live?.close();
      await handle?.close();
      await instance?.drop();
    });

    async function signIn(email: string, address = "203.0.113.7") {
      const outcome = await sessions.signIn(desk, {
        email,
        password,
        address,
        userAgent: "vitest",
      });
      if (!outcome.ok) throw new Error(outcome.message);
      return cookieFrom(outcome.headers);
    }

    test("the secret is made once and shared", async () => {
      expect(await authSecret(handle.db)).toBe(await authSecret(handle.db));
    });

    test("on https the cookie is __Host-, Secure, HttpOnly, SameSite=Lax; its id changes at each sign-in", async () => {
      const email = `owner-${randomUUID()}@example.com`;
      await addStaff(handle.db, auth, { email, role: "owner", offices: [], password });
      const first = await signIn(email);
      const second = await signIn(email);
      expect(first).toMatch(/^__Host-office_session=/);
      expect(first).toMatch(/; Secure/i);
      expect(first).toMatch(/; HttpOnly/i);
      expect(first).toMatch(/; SameSite=Lax/i);
      expect(first).toMatch(/; Path=\//i);
      expect(first).not.toMatch(/Domain=/i);
      expect(first.split(";")[0]).not.toBe(second.split(";")[0]);
      expect((await sessions.signedIn(desk, requestWith(first)))?.staff.email).toBe(email);
    });

    test("an unknown email and a wrong password get the same answer", async () => {
      const email = `owner-${randomUUID()}@example.com`;
      await addStaff(handle.db, auth, { email, role: "owner", offices: [], password });
      const attempts = await Promise.all([
        sessions.signIn(desk, {
          email,
          password: "wrong password!",
          address: "198.51.100.1",
          userAgent: null,
        }),
        sessions.signIn(desk, {
          email: `nobody-${randomUUID()}@example.com`,
          password,
          address: "198.51.100.1",
          userAgent: null,
        }),
      ]);
      expect(attempts).toEqual([
        { ok: false, status: 401, message: "Email or password is incorrect" },
        { ok: false, status: 401, message: "Email or password is incorrect" },
      ]);
    });

    test("20 failures from one address hold back every account there", async () => {
      const address = `192.0.2.${Math.floor(Math.random() * 250) + 1}`;
      const email = `owner-${randomUUID()}@example.com`;
      await addStaff(handle.db, auth, { email, role: "owner", offices: [], password });
      for (let failure = 0; failure < maxFailuresPerAddress; failure += 1) {
        const outcome = await sessions.signIn(desk, {
          email: `guess-${failure}@example.com`,
          password: "guessing a password",
          address,
          userAgent: null,
        });
        expect(outcome.ok).toBe(false);
      }
      const refused = await sessions.signIn(desk, { email, password, address, userAgent: null });
      expect(refused).toMatchObject({ ok: false, status: 429 });
      expect(
        await sessions.signIn(desk, { email, password, address: "192.0.2.254", userAgent: null }),
      ).toMatchObject({
        ok: true,
      });
    });

    test("40 sign-ins at once for one account reach the password at most 5 times, the right one last too", async () => {
      const email = `owner-${randomUUID()}@example.com`;
      await addStaff(handle.db, auth, { email, role: "owner", offices: [], password });
      const outcomes = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          sessions.signIn(desk, {
            email,
            password: index === 39 ? password : `wrong guess ${index}`,
            address: `198.51.100.${index + 1}`,
            userAgent: null,
          }),
        ),
      );
      const checked = outcomes.filter(
        (outcome) => !("status" in outcome && outcome.status === 429),
      );
      expect(checked.length).toBeLessThanOrEqual(maxFailuresPerAccount);
      expect(outcomes[39]).toMatchObject({ ok: false, status: 429 });
      expect(
        await sessions.signIn(desk, {
          email,
          password,
          address: "198.51.100.200",
          userAgent: null,
        }),
      ).toMatchObject({ ok: false, status: 429, retryAfterSeconds: expect.any(Number) });
    });

    test("40 sign-ins at once from one address reach a password at most 20 times", async () => {
      const address = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
      const outcomes = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          sessions.signIn(desk, {
            email: `guess-${index}-${randomUUID()}@example.com`,
            password: "guessing a password",
            address,
            userAgent: null,
          }),
        ),
      );
      const checked = outcomes.filter(
        (outcome) => !("status" in outcome && outcome.status === 429),
      );
      expect(checked.length).toBeLessThanOrEqual(maxFailuresPerAddress);
      expect(checked.length).toBeGreaterThan(0);
    });

    test("the account page's current-password checks count in the person's sign-in limit", async () => {
      const email = `owner-${randomUUID()}@example.com`;
      await addStaff(handle.db, auth, { email, role: "owner", offices: [], password });
      const signedIn = await sessions.signIn(desk, {
        email,
        password,
        address: "198.51.100.7",
        userAgent: null,
      });
      expect(signedIn.ok).toBe(true);
      const staff = (await sessions.signedIn(
        desk,
        requestWith(cookieFrom((signedIn as { headers: Headers }).headers)),
      ))!.staff;
      // Five wrong current passwords (a new password, the authenticator), as the page counts them.
      for (let check = 0; check < maxFailuresPerAccount; check += 1) {
        const counted = await sessions.countCurrentPasswordCheck(
          desk,
          staff,
          `198.51.100.${check + 20}`,
        );
        expect(counted.retryAfterSeconds).toBe(0);
      }
      const sixth = await sessions.countCurrentPasswordCheck(desk, staff, "198.51.100.40");
      expect(sixth.retryAfterSeconds).toBeGreaterThan(0);
      expect(sixth.message).toMatch(/^Too many sign-in attempts/);
      expect(
        await sessions.signIn(desk, { email, password, address: "198.51.100.41", userAgent: null }),
      ).toMatchObject({ ok: false, status: 429 });
    });

    test("an authenticator code works once: a replay, an older step and a second use at once are refused", async () => {
      const email = `owner-${randomUUID()}@example.com`;
      await addStaff(handle.db, auth, { email, role: "owner", offices: [], password });
      const first = await sessions.signIn(desk, {
        email,
        password,
        address: "198.51.100.60",
        userAgent: null,
      });
      const cookie = cookieFrom((first as { headers: Headers }).headers);
      const started = await sessions.startTwoFactor(desk.auth, requestWith(cookie), password);
      const key = base32.decode(new URL(started!.totpURI).searchParams.get("secret")!);
      const step = Math.floor(Date.now() / 30_000);
      const codeAt = (at: number) => createOTP(key).hotp(at);
      expect(
        await sessions.verifyCode(desk, requestWith(cookie), await codeAt(step)),
      ).not.toBeNull();

      /** The second step of a new sign-in: the challenge cookie the password step set. */
      const challenge = async () => {
        const outcome = await sessions.signIn(desk, {
          email,
          password,
          address: "198.51.100.61",
          userAgent: null,
        });
        expect(outcome).toMatchObject({ ok: true, needsCode: true });
        const cookies = (outcome as { headers: Headers }).headers.getSetCookie();
        return new Request("https://repair.example.test/office", {
          headers: { cookie: cookies.map((one) => one.split(";")[0]).join("; ") },
        });
      };
      expect(await sessions.verifyCode(desk, await challenge(), await codeAt(step))).toBeNull();
      expect(await sessions.verifyCode(desk, await challenge(), await codeAt(step - 1))).toBeNull();
      const [one, other] = await Promise.all([
        sessions.verifyCode(desk, await challenge(), await codeAt(step + 1)),
        sessions.verifyCode(desk, await challenge(), await codeAt(step + 1)),
      ]);
      expect([one, other].filter((headers) => headers !== null)).toHaveLength(1);
      // A refused replay leaves no session behind.
      const kept = await handle.db.execute(
        sql`select count(*)::int as count from staff_sessions s join staff_users u on u.id = s.user_id where u.email = ${email}`,
      );
      expect(Number((kept as unknown as { rows: { count: number }[] }).rows[0]!.count)).toBe(2);
    });

    test("disabling an account or resetting its password ends its sessions", async () => {
      const email = `dispatcher-${randomUUID()}@example.com`;
      await addStaff(handle.db, auth, {
        email,
        role: "dispatcher",
        offices: ["texas"],
        password,
      });
      const before = await signIn(email);
      await resetStaffPassword(handle.db, auth, email, "another long password");
      expect(await sessions.signedIn(desk, requestWith(before))).toBeNull();
      const outcome = await sessions.signIn(desk, {
        email,
        password: "another long password",
        address: "203.0.113.9",
        userAgent: null,
      });
      expect(outcome.ok).toBe(true);
      const after = cookieFrom((outcome as { headers: Headers }).headers);
      await disableStaff(handle.db, email);
      expect(await sessions.signedIn(desk, requestWith(after))).toBeNull();
      // The disabled account's session is refused by our session hook (staff-auth.ts), and
      // Better Auth logs every refused session as an error: here it is the point of the test.
      expectConsoleError(/\[Better Auth\]: Failed to create session/);
      expect(
        await sessions.signIn(desk, {
          email,
          password: "another long password",
          address: "203.0.113.9",
          userAgent: null,
        }),
      ).toMatchObject({ ok: false, status: 401 });
    });

    test("a dispatcher's inbox holds their offices' leads only, newest first", async () => {
      const tag = randomUUID().slice(0, 8);
      const received = (seconds: number) => new Date(Date.UTC(2031, 2, 10, 12, 0, seconds));
      await handle.db
        .insert(serviceRequests)
        .values({ ...serviceRequestRow("virginia", `Va ${tag}`), createdAt: received(1) });
      await handle.db
        .insert(serviceRequests)
        .values({ ...serviceRequestRow("texas", `Tx ${tag}`), createdAt: received(2) });
      await handle.db.insert(contactMessages).values({
        id: randomUUID(),
        office: "texas",
        name: `Msg`,
        lastName: tag,
        email: "m@example.com",
        phone: "(352) 555-0142",
        subject: "A question",
        message: "Hello",
        createdAt: received(3),
      });
      const email = `tx-${tag}@example.com`;
      const member = await addStaff(handle.db, auth, {
        email,
        role: "dispatcher",
        offices: ["texas"],
        password,
      });
      const { leads } = await inboxPage(desk.db, member, noFilters);
      const ours = leads.filter((lead) => lead.name.includes(tag));
      expect(ours.map((lead) => [lead.kind, lead.name, lead.office, lead.status])).toEqual([
        ["contact-message", `Msg ${tag}`, "texas", "new"],
        ["service-request", `Tx ${tag}`, "texas", "new"],
      ]);
      expect(leads.every((lead) => lead.office === "texas")).toBe(true);
    });

    test("a reference read out on the phone finds its request, in the person's offices only", async () => {
      const tag = randomUUID().slice(0, 8);
      // "555" is in every fixture's phone number: a reference's digits are not searched as one.
      const letters = [...tag.slice(0, 4)].map((hex) => "ABCDEFGHJKMNPQRS"[parseInt(hex, 16)]);
      const reference = `R-555${letters.join("")}`;
      await handle.db
        .insert(serviceRequests)
        .values([
          { ...serviceRequestRow("texas", `Ref ${tag}`), reference },
          serviceRequestRow("texas", `Phone 555 ${tag}`),
        ]);
      await handle.db.insert(contactMessages).values({
        id: randomUUID(),
        office: "texas",
        name: "Msg",
        lastName: `555 ${tag}`,
        email: "message@example.com",
        phone: "(352) 555-0142",
        subject: "A question",
        message: "Please call me back about my oven.",
      });
      const texas = await addStaff(handle.db, auth, {
        email: `ref-tx-${tag}@example.com`,
        role: "dispatcher",
        offices: ["texas"],
        password,
      });
      const virginia = await addStaff(handle.db, auth, {
        email: `ref-va-${tag}@example.com`,
        role: "dispatcher",
        offices: ["virginia"],
        password,
      });
      // As typed: lower case, a space for the dash.
      const typed = reference.toLowerCase().replace("-", " ");
      const found = await inboxPage(desk.db, texas, { ...noFilters, search: typed });
      expect(found.leads.map((lead) => lead.name)).toEqual([`Ref ${tag}`]);
      const elsewhere = await inboxPage(desk.db, virginia, { ...noFilters, search: typed });
      expect(elsewhere.leads).toEqual([]);
    });

    test("among the new, a request that mentions a danger comes first, flagged", async () => {
      const tag = randomUUID().slice(0, 8);
      const received = (seconds: number) => new Date(Date.UTC(2031, 2, 11, 12, 0, seconds));
      await handle.db.insert(serviceRequests).values([
        {
          ...serviceRequestRow("texas", `Gas ${tag}`),
          createdAt: received(1),
          safetyConcerns: ["gas"],
        },
        { ...serviceRequestRow("texas", `Slow ${tag}`), createdAt: received(2) },
      ]);
      const member = await addStaff(handle.db, auth, {
        email: `flags-${tag}@example.com`,
        role: "dispatcher",
        offices: ["texas"],
        password,
      });
      const newOnes = await inboxPage(desk.db, member, { ...noFilters, status: "new" });
      const ours = newOnes.leads.filter((lead) => lead.name.endsWith(tag));
      expect(ours.map((lead) => [lead.name, lead.safety])).toEqual([
        [`Gas ${tag}`, ["gas"]],
        [`Slow ${tag}`, []],
      ]);
      expect(newOnes.leads[0]?.safety).toEqual(["gas"]);
      // Unfiltered, the inbox stays newest first.
      const all = await inboxPage(desk.db, member, noFilters);
      const both = all.leads.filter((lead) => lead.name.endsWith(tag)).map((lead) => lead.name);
      expect(both).toEqual([`Slow ${tag}`, `Gas ${tag}`]);
    });

    test("the calls promised after Can't fix come first, then the rest newest first: every lead on one page, once", async () => {
      const received = (minute: number) => new Date(Date.UTC(2031, 3, 1, 12, minute));
      const ids: string[] = [];
      for (let minute = 0; minute < 60; minute += 1) {
        const row = {
          ...serviceRequestRow("massachusetts", `Page ${minute}`),
          createdAt: received(minute),
        };
        ids.push(row.id!);
        const visit =
          minute === 10 || minute === 55
            ? { status: "scheduled" as const, fieldStatus: "cant-fix" as const }
            : minute === 30
              ? {
                  status: "scheduled" as const,
                  fieldStatus: "cant-fix" as const,
                  cantFixCallRecordedAt: received(59),
                }
              : minute === 40
                ? { status: "scheduled" as const, fieldStatus: "needs-part" as const }
                : {};
        await insertRequest(handle.db, { ...row, id: row.id!, ...visit });
      }
      const member = await addStaff(handle.db, auth, {
        email: `pages-${randomUUID().slice(0, 8)}@example.com`,
        role: "dispatcher",
        offices: ["massachusetts"],
        password,
      });
      const first = await inboxPage(desk.db, member, noFilters);
      const second = await inboxPage(desk.db, member, { ...noFilters, page: 2 });
      const name = (id: string) => `Page ${ids.indexOf(id)}`;
      expect(first.leads.slice(0, 3).map((lead) => [lead.name, lead.cantFixCall])).toEqual([
        ["Page 55", true],
        ["Page 10", true],
        ["Page 59", false],
      ]);
      expect([
        first.leads.length,
        first.hasNextPage,
        second.leads.length,
        second.hasNextPage,
      ]).toEqual([50, true, 10, false]);
      const listed = [...first.leads, ...second.leads].map((lead) => lead.id);
      expect(new Set(listed).size).toBe(60);
      expect(listed.slice(2).map(name)).toEqual(
        Array.from({ length: 60 }, (_, minute) => 59 - minute)
          .filter((minute) => minute !== 10 && minute !== 55)
          .map((minute) => `Page ${minute}`),
      );
      const flagsOf = (minute: number) =>
        [...first.leads, ...second.leads]
          .filter((lead) => lead.name === `Page ${minute}`)
          .map((lead) => [lead.cantFixCall, lead.waitingForPart]);
      // The call recorded, the lead takes its place by date; a part awaited is flagged where it is.
      expect(flagsOf(30)).toEqual([[false, false]]);
      expect(flagsOf(40)).toEqual([[false, true]]);
      // Filtered to the new, no Can't fix lead (they are scheduled) comes first.
      const newOnes = await inboxPage(desk.db, member, { ...noFilters, status: "new" });
      expect(newOnes.leads.map((lead) => lead.name)).not.toContain("Page 55");
      expect(newOnes.leads[0]?.name).toBe("Page 59");
    });

    test("an open inbox hears of its offices' new leads, from any connection to the database", async () => {
      const other = await openDatabase({
        databaseUrl: instance.env.DATABASE_URL,
        pgliteDir: path.join(instance.env.DATA_DIR!, "db"),
      });
      // PGlite admits one connection: there the "other" writer is the same handle.
      const writer = database.label === "PostgreSQL" ? other : handle;
      const abort = new AbortController();
      const reader = live
        .open(
          deskStream({
            staffId: randomUUID(),
            sessionId: randomUUID(),
            offices: ["texas"],
            stillGranted: () => Promise.resolve(true),
          }),
          abort.signal,
        )
        .body!.getReader();
      const decoder = new TextDecoder();
      const read = async () => decoder.decode((await reader.read()).value);
      try {
        expect(await read()).toContain(": connected");
        await writer.db.execute(sql`select pg_notify(${newLeadsChannel}, 'virginia')`);
        await writer.db.execute(sql`select pg_notify(${newLeadsChannel}, 'texas')`);
        expect(await read()).toBe("event: lead\ndata: {}\n\n");
        expect(live.watching).toBe(1);
      } finally {
        abort.abort();
        if (database.label === "PostgreSQL") await other.close();
      }
      expect(live.watching).toBe(0);
    });

    test("sent emails keep their bodies for MAIL_RETENTION_DAYS, then only who, what and when", async () => {
      const message = {
        from: { name: "Office", address: "office@example.com" },
        to: "someone@example.com",
        subject: "Your request",
        text: "Body text",
        html: "<p>Body</p>",
        messageId: "<x@example.com>",
      };
      const old = randomUUID();
      const recent = randomUUID();
      const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
      await handle.db.insert(outbox).values([
        {
          id: old,
          kind: "test",
          subjectId: randomUUID(),
          message,
          status: "sent",
          sentAt: daysAgo(31),
        },
        {
          id: recent,
          kind: "test",
          subjectId: randomUUID(),
          message,
          status: "sent",
          sentAt: daysAgo(29),
        },
      ]);
      await pruneSentEmailBodies(handle.db, 30);
      const rows = await handle.db
        .select({ id: outbox.id, message: outbox.message })
        .from(outbox)
        .where(inArray(outbox.id, [old, recent]));
      const byId = new Map(rows.map((row) => [row.id, row.message]));
      expect(byId.get(old)).toMatchObject({
        to: "someone@example.com",
        subject: "Your request",
        text: "",
        html: "",
      });
      expect(byId.get(recent)).toMatchObject({ text: "Body text", html: "<p>Body</p>" });
    });

    test.runIf(database.label === "PGlite")(
      "the staff command reaches the running server over a socket only its user can open",
      async () => {
        const dataDir = instance.env.DATA_DIR!;
        expect(await sendStaffCommand(dataDir, { command: "list" })).toBeNull();
        const channel = await listenForStaffCommands({ dataDir, db: handle.db, auth });
        try {
          const socket = staffChannelPath(dataDir);
          expect((await stat(socket)).mode & 0o777).toBe(0o600);
          expect((await stat(path.dirname(socket))).mode & 0o777).toBe(0o700);
          const email = `socket-${randomUUID()}@example.com`;
          const added = await sendStaffCommand(dataDir, {
            command: "add",
            email,
            role: "owner",
            offices: [],
            password,
          });
          expect(added).toEqual({ ok: true, lines: [`Added ${email}  owner  every office`] });
          const refused = await sendStaffCommand(dataDir, {
            command: "add",
            email,
            role: "owner",
            offices: [],
            password,
          });
          expect(refused).toEqual({ ok: false, error: `${email} already has an account` });
        } finally {
          await channel.close();
        }
      },
    );
  });
}
