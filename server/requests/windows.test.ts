import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { windowFilledMessage, type OpenWindow } from "~/domain/availability";
import { repeatRequestMessage } from "~/lib/form-result";

import { openDatabase, type DatabaseHandle } from "../db/database";
import { serviceRequests, windowPlaces } from "../db/schema";
import { startChildServer, type ChildServer } from "../reliability/support/child-server";
import { testDatabases, type TestDatabaseInstance } from "../test-support/databases";
import { serviceRequest } from "../test-support/fixtures";
import { freshClientIp, startTestServer, type TestServer } from "../test-support/server";
import { startSmtpServer, type TestSmtpServer } from "../test-support/smtp";

const databases = await testDatabases();
const postgres = databases.find((database) => database.label === "PostgreSQL")!;

interface Answer {
  status: number;
  body: {
    id?: string;
    error?: string;
    errors?: Record<string, string[]>;
    openWindows?: OpenWindow[];
  };
}

/** 40 requests for one window at once, after one earlier booking took one of its 4 places. */
async function raceForTheLastThreePlaces(
  bases: readonly string[],
  date: string,
): Promise<Answer[]> {
  const post = (base: string, body: unknown) =>
    fetch(`${base}/api/send-email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": freshClientIp() },
      body: JSON.stringify(body),
    });
  const first = await post(
    bases[0]!,
    serviceRequest({ preferredDate: date, preferredTime: "afternoon" }),
  );
  expect(first.status).toBe(201);
  return Promise.all(
    Array.from({ length: 40 }, async (_, index) => {
      const response = await post(
        bases[index % bases.length]!,
        serviceRequest({ name: `Racer ${index}`, preferredDate: date, preferredTime: "afternoon" }),
      );
      return { status: response.status, body: (await response.json()) as Answer["body"] };
    }),
  );
}

function expectThreeStoredAnd37Refused(answers: readonly Answer[], date: string) {
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.filter((status) => status === 201)).toHaveLength(3);
  expect(statuses.filter((status) => status === 409)).toHaveLength(37);
  for (const refused of answers.filter((answer) => answer.status === 409)) {
    expect(refused.body.errors?.preferredTime).toEqual([windowFilledMessage]);
    expect(refused.body.openWindows?.length).toBeGreaterThan(0);
    expect(refused.body.openWindows).not.toContainEqual(
      expect.objectContaining({ date, window: "afternoon" }),
    );
  }
}

async function storedFor(db: DatabaseHandle["db"], date: string) {
  const requests = await db.$count(
    serviceRequests,
    and(eq(serviceRequests.preferredDate, date), eq(serviceRequests.preferredTime, "afternoon")),
  );
  const [place] = await db
    .select({ taken: windowPlaces.taken })
    .from(windowPlaces)
    .where(and(eq(windowPlaces.date, date), eq(windowPlaces.window, "afternoon")));
  return { requests, taken: place?.taken };
}

for (const database of databases) {
  describe.skipIf(!database.available)(`Arrival windows on ${database.label}`, () => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer({ database, env: { WINDOW_CAPACITY: "4" } });
    });
    afterAll(async () => {
      await server?.close();
    });

    test("40 requests at once for a window with 3 places left: exactly 3 stored, 37 answered 409 with other windows", async () => {
      const date = "2031-09-16";
      const answers = await raceForTheLastThreePlaces([server.baseUrl], date);
      expectThreeStoredAnd37Refused(answers, date);
      expect(await storedFor(server.serverApp.database.db, date)).toEqual({
        requests: 4,
        taken: 4,
      });
    });

    test("a Sunday is never offered: a request for one is answered 409 with open windows", async () => {
      const response = await server.post(
        "/api/send-email",
        serviceRequest({ preferredDate: "2031-09-21", preferredTime: "morning" }),
      );
      expect(response.status).toBe(409);
      const body = (await response.json()) as Answer["body"];
      expect(body.openWindows?.[0]?.date).toBe("2031-09-22");
      expect(body.openWindows?.[0]?.label).toBe("Mon, Sep 22, 8:00 AM - 12:00 PM Central");
    });

    test("a Spanish request is offered the open windows in Spanish (issue 39)", async () => {
      const response = await server.post(
        "/api/send-email",
        serviceRequest({ preferredDate: "2031-09-21", preferredTime: "morning", language: "es" }),
      );
      expect(response.status).toBe(409);
      const body = (await response.json()) as Answer["body"];
      expect(body.openWindows?.[0]?.label).toBe(
        "lunes 22 de septiembre de 2031, 8:00 a. m. - 12:00 p. m., hora del Centro",
      );
    });

    test("the availability endpoint marks full, closed and open windows, and refuses bad questions with 400", async () => {
      const date = "2031-09-23";
      for (let index = 0; index < 4; index += 1) {
        const response = await server.post(
          "/api/send-email",
          serviceRequest({ preferredDate: date, preferredTime: "evening" }),
        );
        expect(response.status).toBe(201);
      }
      const response = await fetch(
        `${server.baseUrl}/api/availability?office=texas&from=2031-09-21&days=3`,
      );
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const answer = (await response.json()) as {
        days: { date: string; closed: boolean; windows: { id: string; state: string }[] }[];
      };
      expect(answer.days.map((day) => [day.date, day.closed])).toEqual([
        ["2031-09-21", true],
        ["2031-09-22", false],
        ["2031-09-23", false],
      ]);
      expect(answer.days[2]!.windows).toEqual([
        { id: "morning", state: "open" },
        { id: "afternoon", state: "open" },
        { id: "evening", state: "full" },
      ]);
      for (const query of [
        "office=atlantis&from=2031-09-21",
        "office=texas&from=tomorrow",
        "office=texas&from=2031-09-21&days=400",
      ]) {
        const refused = await fetch(`${server.baseUrl}/api/availability?${query}`);
        expect(refused.status).toBe(400);
      }
    });

    test("the same phone and appliance again within a day updates the first request and answers nothing of it", async () => {
      const phone = `(512) 555-${String(Math.floor(Math.random() * 9000) + 1000)}`;
      const first = await server.post(
        "/api/send-email",
        serviceRequest({
          phone,
          description: "Leaking from the door",
          preferredDate: "",
          preferredTime: "",
        }),
      );
      expect(first.status).toBe(201);
      const firstBody = (await first.json()) as { id: string; requestUrl: string };
      const again = await server.post(
        "/api/send-email",
        serviceRequest({
          phone,
          description: "Also the ice maker is silent",
          preferredDate: "",
          preferredTime: "",
        }),
      );
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({
        success: true,
        duplicate: true,
        message: repeatRequestMessage,
      });
      const { db } = server.serverApp.database;
      const rows = await db
        .select()
        .from(serviceRequests)
        .where(eq(serviceRequests.id, firstBody.id));
      expect(rows[0]!.notes).toContain("Problem: Also the ice maker is silent");
      expect(await db.$count(serviceRequests, eq(serviceRequests.phone, phone))).toBe(1);

      const otherAppliance = await server.post(
        "/api/send-email",
        serviceRequest({ phone, selectedAppliance: "dryer", preferredDate: "", preferredTime: "" }),
      );
      expect(otherAppliance.status).toBe(201);

      // A day later the same words are a new request.
      await db
        .update(serviceRequests)
        .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
        .where(eq(serviceRequests.id, firstBody.id));
      const nextDay = await server.post(
        "/api/send-email",
        serviceRequest({ phone, preferredDate: "", preferredTime: "" }),
      );
      expect(nextDay.status).toBe(201);
    });
  });
}

describe.skipIf(!postgres.available)(
  "Arrival windows with two server processes on one PostgreSQL",
  () => {
    let instance: TestDatabaseInstance;
    let database: DatabaseHandle;
    let smtp: TestSmtpServer;
    let servers: ChildServer[] = [];

    beforeAll(async () => {
      instance = await postgres.create();
      smtp = await startSmtpServer();
      const env = {
        DATABASE_URL: instance.env.DATABASE_URL!,
        DATA_DIR: instance.env.DATA_DIR!,
        SITE_URL: "https://repair.example.test",
        SMTP_URL: smtp.url,
        TRUST_PROXY: "1",
        RATE_LIMIT_MAX: "0",
        WINDOW_CAPACITY: "4",
      };
      servers = [await startChildServer(0, env), await startChildServer(0, env)];
      database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: null });
    });
    afterAll(async () => {
      for (const server of servers) server.kill("SIGTERM");
      await Promise.all(servers.map((server) => server.exited));
      await database?.close();
      await smtp?.close();
      await instance?.drop();
    });

    test("40 requests at once over both for a window with 3 places left: exactly 3 stored, 37 answered 409", async () => {
      const date = "2031-09-17";
      const answers = await raceForTheLastThreePlaces(
        servers.map((server) => server.baseUrl),
        date,
      );
      expectThreeStoredAnd37Refused(answers, date);
      expect(await storedFor(database.db, date)).toEqual({ requests: 4, taken: 4 });
    });
  },
);
