import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { newLeadsChannel } from "../db/notifications";
import { staffSessions } from "../db/schema";
import { LiveHub } from "../live/live-hub";
import { deskStream } from "../live/live-streams.server";
import { sameDatabase, testDatabases } from "../test-support/databases";
import { waitUntil } from "../test-support/fixtures";
import {
  freshClientIp,
  startTestServer,
  testSiteUrl,
  type TestServer,
} from "../test-support/server";
import { addStaff, sessionStillGrants } from "./staff-accounts.server";
import { authSecret, createStaffAuth, type StaffAuth } from "./staff-auth";

// The desk's live stream lives no longer than the right to it: signing out, being disabled, a
// new password or new access ends a person's open streams at once, in whichever process holds
// them; and one session cannot hold more than a handful.

const databases = await testDatabases();
const password = "a long staff password";
const staffCli = fileURLToPath(new URL("./staff-cli.ts", import.meta.url));
const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));
/** How soon an ended session's stream must be gone. */
const promptlyMs = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface OpenStream {
  /** Settles when the server ends the stream. */
  ended: Promise<void>;
  isOpen(): boolean;
  close(): void;
}

/** Settles when the stream ends, or fails after `ms`. */
async function endsWithin(stream: OpenStream, ms = promptlyMs) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`The stream was still open after ${ms} ms`)), ms);
  });
  try {
    await Promise.race([stream.ended, late]);
  } finally {
    clearTimeout(timer);
  }
}

for (const database of databases) {
  describe.skipIf(!database.available)(`The desk's live streams on ${database.label}`, () => {
    let server: TestServer;
    let auth: StaffAuth;
    let ownerCookie: string;
    const opened: OpenStream[] = [];

    beforeAll(async () => {
      server = await startTestServer({ database, withPages: true });
      const { db } = server.serverApp.database;
      auth = createStaffAuth({ db, siteUrl: testSiteUrl, secret: await authSecret(db) });
      const owner = await addMember("owner");
      ownerCookie = await signIn(owner.email);
    });
    afterAll(async () => {
      for (const stream of opened) stream.close();
      await server?.close();
    });

    async function addMember(role: "owner" | "dispatcher", offices: string[] = ["texas"]) {
      const email = `${role}-${randomUUID()}@example.com`;
      return addStaff(server.serverApp.database.db, auth, {
        email,
        role,
        offices: role === "owner" ? [] : offices,
        password,
      });
    }

    async function signIn(email: string, on = server, secret = password) {
      const answer = await fetch(`${on.baseUrl}/office/sign-in`, {
        method: "POST",
        redirect: "manual",
        headers: { "X-Forwarded-For": freshClientIp() },
        body: new URLSearchParams({ email, password: secret }),
      });
      expect(answer.status).toBe(302);
      return answer.headers.getSetCookie()[0]!.split(";")[0]!;
    }

    /** Opens /office/events as the browser's EventSource would; the status when refused. */
    async function openStream(cookie: string, on = server): Promise<OpenStream | Response> {
      const abort = new AbortController();
      const answer = await fetch(`${on.baseUrl}/office/events`, {
        headers: { cookie, Accept: "text/event-stream" },
        signal: abort.signal,
      });
      if (answer.status !== 200) {
        await answer.body?.cancel();
        return answer;
      }
      const reader = answer.body!.getReader();
      const first = await reader.read();
      expect(new TextDecoder().decode(first.value)).toContain(": connected");
      let open = true;
      const ended = (async () => {
        try {
          while (!(await reader.read()).done);
        } catch {
          // closed by this side
        }
        open = false;
      })();
      const stream = { ended, isOpen: () => open, close: () => abort.abort() };
      opened.push(stream);
      return stream;
    }

    async function streamOf(cookie: string, on = server): Promise<OpenStream> {
      const stream = await openStream(cookie, on);
      if (stream instanceof Response) throw new Error(`Refused: ${stream.status}`);
      return stream;
    }

    async function post(path: string, cookie: string, fields: Record<string, string | string[]>) {
      const body = new URLSearchParams();
      for (const [name, value] of Object.entries(fields)) {
        for (const one of [value].flat()) body.append(name, one);
      }
      return fetch(`${server.baseUrl}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie, "X-Forwarded-For": freshClientIp() },
        body,
      });
    }

    test("signing out ends that session's stream at once, not the person's other session's", async () => {
      const member = await addMember("dispatcher");
      const here = await signIn(member.email);
      const elsewhere = await signIn(member.email);
      const signingOut = await streamOf(here);
      const staying = await streamOf(elsewhere);
      const answer = await post("/office/sign-out", here, {});
      expect(answer.status).toBe(302);
      await endsWithin(signingOut);
      await sleep(300);
      expect(staying.isOpen()).toBe(true);
      // The browser comes back and is told no: EventSource stops on a 401.
      expect(((await openStream(here)) as Response).status).toBe(401);
    });

    test("disabling the person with `npm run staff -- disable` ends every stream of theirs", async () => {
      const member = await addMember("dispatcher");
      const streams = [
        await streamOf(await signIn(member.email)),
        await streamOf(await signIn(member.email)),
      ];
      const other = await streamOf(await signIn((await addMember("dispatcher")).email));
      const env: Record<string, string | undefined> = { ...process.env, ...server.databaseEnv };
      if (!server.databaseEnv.DATABASE_URL) delete env.DATABASE_URL;
      // The command line as staff run it: on PGlite it reaches this server over its socket; on
      // PostgreSQL it is another process writing to the database.
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ["--import", "tsx", staffCli, "disable", member.email],
        { cwd: repositoryRoot, env },
      );
      expect(stdout).toContain(`Disabled ${member.email}`);
      await Promise.all(streams.map((stream) => endsWithin(stream)));
      expect(other.isOpen()).toBe(true);
    });

    test("a new role or new offices end the person's streams; the next one hears the new offices", async () => {
      const member = await addMember("dispatcher", ["texas"]);
      const cookie = await signIn(member.email);
      const stream = await streamOf(cookie);
      const answer = await post("/office/staff.data", ownerCookie, {
        intent: "access",
        memberId: member.id,
        role: "dispatcher",
        offices: ["florida"],
      });
      expect(answer.status).toBe(200);
      await endsWithin(stream);

      const reader = await fetch(`${server.baseUrl}/office/events`, { headers: { cookie } });
      expect(reader.status).toBe(200);
      const body = reader.body!.getReader();
      expect(new TextDecoder().decode((await body.read()).value)).toContain(": connected");
      await server.serverApp.database.db.execute(
        sql`select pg_notify(${newLeadsChannel}, 'florida')`,
      );
      expect(new TextDecoder().decode((await body.read()).value)).toBe("event: lead\ndata: {}\n\n");
      await body.cancel();
    });

    test("a password change ends the person's streams in every session, this one's included", async () => {
      const member = await addMember("dispatcher");
      const here = await signIn(member.email);
      const elsewhere = await signIn(member.email);
      const streams = [await streamOf(here), await streamOf(elsewhere), await streamOf(elsewhere)];
      const newPassword = "another long staff password";
      // As the hydrated page posts it (a document POST reloads the page with the old cookie,
      // whose session the change has just ended).
      const answer = await post("/office/account.data", here, {
        intent: "password",
        currentPassword: password,
        password: newPassword,
        repeat: newPassword,
      });
      expect(answer.status).toBe(200);
      await Promise.all(streams.map((stream) => endsWithin(stream)));
      expect(((await openStream(elsewhere)) as Response).status).toBe(401);
      // This browser has its new session cookie and comes back.
      const renewed = answer.headers.getSetCookie()[0]!.split(";")[0]!;
      expect(await openStream(renewed)).not.toBeInstanceOf(Response);
    });

    test("a session holds at most five streams: the sixth is refused with 429 until one closes", async () => {
      const member = await addMember("dispatcher");
      const cookie = await signIn(member.email);
      const five = await Promise.all([1, 2, 3, 4, 5].map(() => streamOf(cookie)));
      const sixth = await openStream(cookie);
      expect(sixth).toBeInstanceOf(Response);
      expect((sixth as Response).status).toBe(429);
      expect(Number((sixth as Response).headers.get("Retry-After"))).toBeGreaterThan(0);
      expect((sixth as Response).headers.get("Cache-Control")).toContain("no-store");
      // The same person's other session is a session of its own.
      await streamOf(await signIn(member.email));
      five[0]!.close();
      let again: OpenStream | Response | null = null;
      await waitUntil(async () => {
        again = await openStream(cookie);
        return !(again instanceof Response);
      }, 5_000);
      expect(five.slice(1).every((stream) => stream.isOpen())).toBe(true);
    });

    test("a session that ended before its stream was registered (no notice to hear) ends it at once", async () => {
      const { db } = server.serverApp.database;
      const member = await addMember("dispatcher", ["texas"]);
      const cookie = await signIn(member.email);
      const [session] = await db
        .select({ id: staffSessions.id })
        .from(staffSessions)
        .where(eq(staffSessions.userId, member.id));
      expect(await sessionStillGrants(db, session!.id, member)).toBe(true);
      expect(await sessionStillGrants(db, session!.id, { ...member, offices: ["florida"] })).toBe(
        false,
      );
      expect((await post("/office/sign-out", cookie, {})).status).toBe(302);
      // Not started: this hub hears no notification, only the stream's own check.
      const live = new LiveHub();
      const reader = live
        .open(
          deskStream({
            staffId: member.id,
            sessionId: session!.id,
            offices: member.offices,
            stillGranted: () => sessionStillGrants(db, session!.id, member),
          }),
          new AbortController().signal,
        )
        .body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toContain(": connected");
      expect((await reader.read()).done).toBe(true);
      expect(live.watching).toBe(0);
    });

    test.runIf(database.label === "PostgreSQL")(
      "a second server on the same database: disabling the person there ends the stream this one holds",
      async () => {
        const second = await startTestServer({ database: sameDatabase(server), withPages: true });
        try {
          const member = await addMember("dispatcher");
          const stream = await streamOf(await signIn(member.email));
          const ownerThere = await signIn((await addMember("owner")).email, second);
          const answer = await fetch(`${second.baseUrl}/office/staff.data`, {
            method: "POST",
            redirect: "manual",
            headers: { cookie: ownerThere, "X-Forwarded-For": freshClientIp() },
            body: new URLSearchParams({ intent: "disable", memberId: member.id }),
          });
          expect(answer.status).toBe(200);
          await endsWithin(stream);
        } finally {
          await second.close();
        }
      },
    );
  });
}
