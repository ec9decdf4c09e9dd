import { randomUUID } from "node:crypto";

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { leadEvents } from "../db/schema";
import { testDatabases } from "../test-support/databases";
import { deskClient } from "../test-support/desk-client";
import { serviceRequest, uniquePhone } from "../test-support/fixtures";
import { requestRow, setRequest } from "../test-support/request-rows";
import { startTestServer, type TestServer } from "../test-support/server";

// Where a request came from: a web booking takes its visit's channel from the visitor's cookie,
// a customer with a paid job before is a returning customer whatever ad brought them back, and
// the office corrects it on the lead page through the door.

const databases = await testDatabases();

for (const database of databases) {
  describe.skipIf(!database.available)(`A request's source (${database.label})`, () => {
    let server: TestServer;
    const { add, ask } = deskClient(() => server);
    let dispatcher: string;
    let florida: string;
    let technician: string;

    beforeAll(async () => {
      server = await startTestServer({ database, withPages: true });
      dispatcher = (await add("dispatcher", "Dan Dispatch", ["texas"])).cookie;
      florida = (await add("dispatcher", "Fay Florida", ["florida"])).cookie;
      technician = (await add("technician", "Alex Rivera", ["texas"])).cookie;
    });
    afterAll(async () => {
      await server?.close();
    });

    /** The cookie a landing from a Google ad leaves. */
    async function landedFromGoogleAds() {
      const landed = await fetch(
        `${server.baseUrl}/?utm_source=google&utm_medium=cpc&utm_campaign=dryer-houston&gclid=Test-AbC_1`,
        { headers: { Accept: "text/html" } },
      );
      await landed.arrayBuffer();
      return landed.headers.get("set-cookie")!.split(";")[0]!;
    }

    async function book(fields: Record<string, unknown>, cookie?: string) {
      const booked = await server.post(
        "/api/send-email",
        serviceRequest({ email: `source-${randomUUID()}@example.com`, ...fields }),
        cookie ? { headers: { Cookie: cookie } } : {},
      );
      expect(booked.status).toBe(201);
      return ((await booked.json()) as { id: string }).id;
    }

    test("a web booking is credited to its visit's channel; without one it is the website", async () => {
      const cookie = await landedFromGoogleAds();
      const fromAd = await book({}, cookie);
      expect(await requestRow(server.serverApp.database.db, fromAd)).toMatchObject({
        source: "google-ads",
        sourceDetail: null,
      });
      const lead = (await ask(`/office/leads/${fromAd}`, { cookie: dispatcher })).body;
      expect(lead).toContain("Google Ads");
      expect(lead).toContain(
        "Google Ads: utm_source=google, utm_medium=cpc, utm_campaign=dryer-houston, gclid=Test-AbC_1; landed on /",
      );
      const direct = await book({});
      expect((await requestRow(server.serverApp.database.db, direct)).source).toBe("website");
    });

    test("a customer with a paid job before is a returning customer, whatever ad brought them back", async () => {
      const phone = uniquePhone();
      const first = await book({ phone });
      const { db } = server.serverApp.database;
      // Their first repair, paid.
      await setRequest(db, first, {
        paid: { method: "cash", cents: 24_500, at: new Date() },
      });
      // Another appliance: the same one within a day is the first request asked again.
      const again = await book({ phone, selectedAppliance: "washer" }, await landedFromGoogleAds());
      const row = await requestRow(db, again);
      expect(row.source).toBe("returning-customer");
      // The ad's click is kept for what it is, not credited.
      expect(row.visitSource?.last.params.gclid).toBe("Test-AbC_1");
      // Asked before without a paid job: not returning.
      const unpaidPhone = uniquePhone();
      await book({ phone: unpaidPhone });
      expect(
        (
          await requestRow(
            db,
            await book(
              { phone: unpaidPhone, selectedAppliance: "washer" },
              await landedFromGoogleAds(),
            ),
          )
        ).source,
      ).toBe("google-ads");
    });

    test("the office corrects it through the door: the timeline says what it was; stale, invalid, another office's or a technician's is refused", async () => {
      const id = await book({});
      const { db } = server.serverApp.database;
      const { version } = await requestRow(db, id);
      const missing = await ask(`/office/leads/${id}`, {
        cookie: dispatcher,
        form: { intent: "source", source: "other", sourceDetail: "", version: String(version) },
      });
      expect(missing.status).toBe(400);
      expect(missing.body).toContain("Say where from, in a few words");
      const corrected = await ask(`/office/leads/${id}`, {
        cookie: dispatcher,
        form: { intent: "source", source: "yelp", sourceDetail: "", version: String(version) },
      });
      expect(corrected.status).toBe(302);
      const row = await requestRow(db, id);
      expect(row).toMatchObject({ source: "yelp", sourceDetail: null, version: version + 1 });
      const events = await db
        .select({ detail: leadEvents.detail, actor: leadEvents.actorName })
        .from(leadEvents)
        .where(and(eq(leadEvents.leadId, id), eq(leadEvents.kind, "source")));
      expect(events).toEqual([{ detail: "Source: Website → Yelp", actor: "Dan Dispatch" }]);
      // The form made before the change is stale.
      const stale = await ask(`/office/leads/${id}`, {
        cookie: dispatcher,
        form: { intent: "source", source: "angi", sourceDetail: "", version: String(version) },
      });
      expect(stale.status).toBe(409);
      expect((await requestRow(db, id)).source).toBe("yelp");
      for (const cookie of [florida, technician]) {
        const refused = await ask(`/office/leads/${id}`, {
          cookie,
          form: {
            intent: "source",
            source: "angi",
            sourceDetail: "",
            version: String(version + 1),
          },
        });
        expect(refused.status).toBe(404);
      }
      expect((await requestRow(db, id)).source).toBe("yelp");
    });
  });
}
