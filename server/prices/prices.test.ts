import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { officePrices } from "../db/schema";
import { testDatabases } from "../test-support/databases";
import { deskClient, type DeskAsk } from "../test-support/desk-client";
import { serviceRequest } from "../test-support/fixtures";
import { freshClientIp, startTestServer, type TestServer } from "../test-support/server";

// The owner's prices, through the real app with its page cache on (as in production): the desk
// page and its refusals, then every page and email that shows the fee.

const [pglite] = await testDatabases();
const feeLine = "Service call: $89, waived when you go ahead with the repair";
const dryerRange = "Most dryer repairs: $150-$350";

const texasPrices = {
  intent: "save",
  office: "texas",
  fee: "89",
  rule: "waived when you go ahead with the repair",
  dryerLow: "150",
  dryerHigh: "350",
  warrantyDays: "90",
};

describe("Prices", () => {
  let server: TestServer;
  let owner: string;
  let dispatcher: string;
  let technician: string;

  const desk = deskClient(() => server);

  beforeAll(async () => {
    server = await startTestServer({ database: pglite!, withPages: true, pageCacheTtlMs: 60_000 });
    owner = (await desk.add("owner", "Olive Owner", ["texas"])).cookie;
    dispatcher = (await desk.add("dispatcher", "Dan Dispatch", ["texas"])).cookie;
    technician = (await desk.add("technician", "Alex Rivera", ["texas"])).cookie;
  });
  afterAll(async () => {
    await server?.close();
  });

  async function ask(path: string, options: DeskAsk = {}) {
    const answer = await desk.ask(path, options);
    // Escaped apostrophes as a reader sees them.
    const body = answer.body.replaceAll("&#x27;", "'");
    return {
      status: answer.status,
      body,
      // What the page shows, without its scripts (the hydration data holds every office's lines).
      shown: body.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, ""),
      cache: answer.headers.get("x-render-cache"),
    };
  }

  const save = (form: Record<string, string>, cookie = owner) =>
    ask("/office/prices?office=texas", { cookie, form });

  async function storedRows() {
    return server.serverApp.database.db.select().from(officePrices);
  }

  /** Each test starts with no prices (only Texas's are ever set), removed as the owner does. */
  async function clearPrices() {
    expect((await save({ intent: "remove", office: "texas" })).status).toBe(200);
    expect(await storedRows()).toEqual([]);
  }

  test("with no prices set, no page shows a fee", async () => {
    await clearPrices();
    for (const path of ["/?region=Texas", "/services/dryer?region=Texas"]) {
      const page = await ask(path);
      expect(page.status, path).toBe(200);
      expect(page.body, path).not.toContain("Service call");
      expect(page.body, path).not.toContain("Most dryer repairs");
    }
  });

  test("the owner saves the fee: the service page, home, the dialog's step 2 and the confirmation email show it", async () => {
    await clearPrices();
    const form = await ask("/office/prices?office=texas", { cookie: owner });
    expect(form.status).toBe(200);
    for (const name of ["fee", "rule", "warrantyDays", "dryerLow", "dryerHigh"]) {
      expect(form.body).toContain(`name="${name}"`);
    }
    expect(form.body).toContain('value="90"');

    const saved = await save(texasPrices);
    expect(saved.status).toBe(200);
    expect(saved.body).toContain("Saved.");
    expect(saved.body).toContain(feeLine);
    const [row] = await storedRows();
    expect(row).toMatchObject({
      office: "texas",
      serviceCallCents: 8900,
      serviceCallRule: "waived when you go ahead with the repair",
      ranges: { dryer: { lowCents: 15000, highCents: 35000 } },
      warrantyDays: 90,
      updatedBy: "Olive Owner",
    });

    const dryer = await ask("/services/dryer?region=Texas");
    expect(dryer.body).toContain(feeLine);
    expect(dryer.body).toContain(dryerRange);
    // Another appliance: the fee, and no range where none was set.
    const washer = await ask("/services/washer?region=Texas");
    expect(washer.body).toContain(feeLine);
    expect(washer.body).not.toContain("Most washer repairs");
    expect((await ask("/?region=Texas")).body).toContain(feeLine);
    // Step 2 of the booking dialog, as drawn before (and without) JavaScript.
    const dialog = await ask("/modals/schedule?appliance=dryer&region=Texas");
    expect(dialog.body).toContain(feeLine);
    expect(dialog.body.indexOf(feeLine)).toBeLessThan(dialog.body.indexOf("Submit Request"));
    // Florida set nothing: its visitors see no fee, not Texas's.
    for (const path of ["/?region=Florida", "/services/dryer?region=Florida"]) {
      expect((await ask(path)).shown, path).not.toContain("Service call");
    }

    const before = server.smtp.received.length;
    const email = `prices-${randomUUID()}@example.com`;
    const booked = await server.post(
      "/api/send-email",
      serviceRequest({ email, selectedAppliance: "dryer" }),
    );
    expect(booked.status).toBe(201);
    await server.smtp.waitForEmails(before + 2);
    const confirmation = server.smtp.received.find((mail) => mail.envelopeTo.includes(email));
    expect(confirmation?.parsed.text).toContain(`${feeLine}.`);
    expect(confirmation?.parsed.html).toContain(feeLine);
  });

  test("the homeowner's private page shows the fee in its summary", async () => {
    await clearPrices();
    await save(texasPrices);
    const answer = await fetch(`${server.baseUrl}/modals/schedule`, {
      method: "POST",
      redirect: "manual",
      headers: { "X-Forwarded-For": freshClientIp() },
      body: new URLSearchParams(
        Object.entries(serviceRequest({ email: "", selectedAppliance: "dryer" })).map(
          ([name, value]) => [name, String(value)],
        ),
      ),
    });
    const page = await answer.text();
    const link = /\/requests\/[A-Za-z0-9_-]{20,}/.exec(page)?.[0];
    expect(link, page.slice(0, 500)).toBeDefined();
    const privatePage = await ask(link!);
    expect(privatePage.status).toBe(200);
    expect(privatePage.body).toMatch(
      /<dt[^>]*>Service call<\/dt><dd>\$89, waived when you go ahead with the repair<\/dd>/,
    );

    // The office raises its fee: this booking keeps the $89 it was shown; removed, too.
    expect((await save({ ...texasPrices, fee: "99" })).status).toBe(200);
    expect((await ask(link!)).body).toMatch(
      /<dt[^>]*>Service call<\/dt><dd>\$89, waived when you go ahead with the repair<\/dd>/,
    );
    await clearPrices();
    expect((await ask(link!)).body).toContain("$89, waived when you go ahead with the repair");
  });

  test("the rule in Spanish: the Spanish pages, the dialog, the email and the private page say the owner's words; without them, the English quoted", async () => {
    await clearPrices();
    const form = await ask("/office/prices?office=texas", { cookie: owner });
    expect(form.body).toMatch(/<input[^>]*name="ruleEs"[^>]*>/);
    expect(form.body).toMatch(/<input[^>]*lang="es"[^>]*name="ruleEs"|name="ruleEs"[^>]*lang="es"/);
    const spanishRule = "se descuenta si sigue adelante con la reparación";
    const spanishFee = `Cargo por visita: $89, ${spanishRule}`;
    const spanishRange = "La mayoría de las reparaciones de secadoras: $150-$350";

    // Too long: a message under the field, nothing saved.
    const tooLong = await save({ ...texasPrices, ruleEs: "x".repeat(201) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toContain("Use at most 200 characters");
    expect(await storedRows()).toEqual([]);

    const saved = await save({ ...texasPrices, ruleEs: `  ${spanishRule}  ` });
    expect(saved.status).toBe(200);
    expect(saved.body).toContain(spanishFee);
    expect((await storedRows())[0]?.serviceCallRuleEs).toBe(spanishRule);

    const dryer = await ask("/es/services/dryer?region=Texas");
    expect(dryer.shown).toContain(spanishFee);
    expect(dryer.shown).toContain(spanishRange);
    expect(dryer.shown).not.toContain("Service call");
    expect(dryer.shown).not.toContain("Most dryer repairs");
    expect((await ask("/es?region=Texas")).shown).toContain(spanishFee);
    const dialog = await ask("/es/modals/schedule?appliance=dryer&region=Texas");
    expect(dialog.shown).toContain(spanishFee);
    // The English pages keep the English.
    const english = await ask("/services/dryer?region=Texas");
    expect(english.shown).toContain(feeLine);
    expect(english.shown).not.toContain(spanishRule);

    // Booked in Spanish: the confirmation and the private page say the words it was shown,
    // whatever the office writes later.
    const before = server.smtp.received.length;
    const email = `precios-${randomUUID()}@example.com`;
    const booked = await server.post(
      "/api/send-email",
      serviceRequest({ email, selectedAppliance: "dryer", language: "es" }),
    );
    expect(booked.status).toBe(201);
    const { requestUrl } = (await booked.json()) as { requestUrl: string };
    await server.smtp.waitForEmails(before + 2);
    const confirmation = server.smtp.received.find((mail) => mail.envelopeTo.includes(email));
    expect(confirmation?.parsed.text).toContain(`${spanishFee}.`);
    expect(confirmation?.parsed.text).not.toContain("waived");
    const privatePath = new URL(requestUrl).pathname;
    const summaryFee = (body: string) =>
      /<dt[^>]*>Cargo por visita<\/dt><dd>([^<]*)<\/dd>/.exec(body)?.[1];
    expect(summaryFee((await ask(privatePath)).body)).toBe(`$89, ${spanishRule}`);
    expect((await save({ ...texasPrices, ruleEs: "" })).status).toBe(200);
    expect(summaryFee((await ask(privatePath)).body)).toBe(`$89, ${spanishRule}`);

    // Without the Spanish words, the Spanish pages quote the English as the office's.
    expect((await storedRows())[0]?.serviceCallRuleEs).toBeNull();
    expect((await ask("/es/services/dryer?region=Texas")).shown).toContain(
      "Cargo por visita: $89 (condición de la oficina, en inglés: “waived when you go ahead with the repair”)",
    );
  });

  test("a kept page shows the new fee on the very next request after a save, and none after removal", async () => {
    await clearPrices();
    await save(texasPrices);
    const path = "/services/dryer?region=Texas";
    await ask(path);
    const kept = await ask(path);
    expect(kept.cache).toBe("hit");
    expect(kept.body).toContain(feeLine);

    expect((await save({ ...texasPrices, fee: "99", dryerHigh: "400" })).status).toBe(200);
    const next = await ask(path);
    expect(next.body).toContain("Service call: $99, waived when you go ahead with the repair");
    expect(next.body).toContain("Most dryer repairs: $150-$400");
    expect(next.body).not.toContain(feeLine);

    // Home keeps several renders (its random reviews): none of them may still say $99.
    for (let round = 0; round < 8; round += 1) await ask("/?region=Texas");
    const removed = await save({ intent: "remove", office: "texas" });
    expect(removed.status).toBe(200);
    expect(removed.body).toContain(
      "Removed: the site shows no service-call fee or ranges for Texas.",
    );
    expect(await storedRows()).toEqual([]);
    for (let round = 0; round < 8; round += 1) {
      expect((await ask("/?region=Texas")).body).not.toContain("Service call");
    }
    expect((await ask(path)).body).not.toContain("Service call");
  });

  test("invalid input: 400 with a message under each field, what was typed kept, nothing saved", async () => {
    await clearPrices();
    await save(texasPrices);
    const before = await storedRows();
    const refused = await save({
      ...texasPrices,
      fee: "eighty-nine",
      rule: " ",
      dryerLow: "400",
      dryerHigh: "350",
      washerLow: "120",
      warrantyDays: "-5",
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("Nothing was saved: check the fields marked below.");
    expect(refused.body).toContain("Enter the fee in dollars, from 0 to 1000, for example 89");
    expect(refused.body).toContain(
      "Say when the fee applies, for example: waived when you go ahead with the repair",
    );
    expect(refused.body).toContain("The high amount cannot be less than the low one");
    expect(refused.body).toContain("Enter both the low and the high amount, or neither");
    expect(refused.body).toContain("Enter a whole number of days from 0 to 3650");
    expect(refused.body).toContain('value="eighty-nine"');
    const tooLong = await save({ ...texasPrices, rule: "x".repeat(201) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toContain("Use at most 200 characters");
    const unknownOffice = await save({ ...texasPrices, office: "ohio" });
    expect(unknownOffice.status).toBe(404);
    expect(await storedRows()).toEqual(before);
  });

  test("a dispatcher and a technician get 404 for the page and its POST; nothing changes", async () => {
    await clearPrices();
    for (const cookie of [dispatcher, technician]) {
      expect((await ask("/office/prices", { cookie })).status).toBe(404);
      expect((await ask("/office/prices?office=texas", { cookie })).status).toBe(404);
      expect((await save(texasPrices, cookie)).status).toBe(404);
      expect((await save({ intent: "remove", office: "texas" }, cookie)).status).toBe(404);
    }
    // Signed out: the sign-in page, never the form.
    const signedOut = await ask("/office/prices");
    expect(signedOut.status).not.toBe(200);
    expect(await storedRows()).toEqual([]);
    // The owner's nav offers the page; the others' do not.
    expect((await ask("/office/windows", { cookie: owner })).body).toContain(
      'href="/office/prices"',
    );
    expect((await ask("/office", { cookie: dispatcher })).body).not.toContain(
      'href="/office/prices"',
    );
  });

  test("a GET never changes anything, and a foreign Origin's POST is refused", async () => {
    await clearPrices();
    await save(texasPrices);
    const before = await storedRows();
    const query = new URLSearchParams({ ...texasPrices, fee: "1" }).toString();
    expect((await ask(`/office/prices?${query}`, { cookie: owner })).status).toBe(200);
    expect((await ask("/office/prices?office=texas&intent=remove", { cookie: owner })).status).toBe(
      200,
    );
    expect(await storedRows()).toEqual(before);

    const foreign = await ask("/office/prices?office=texas", {
      cookie: owner,
      form: { ...texasPrices, fee: "1" },
      origin: "https://attacker.example",
    });
    expect(foreign.status).toBe(403);
    expect(await storedRows()).toEqual(before);
  });

  test("the owner reads another office's prices by choosing it", async () => {
    await clearPrices();
    await save(texasPrices);
    const florida = await ask("/office/prices?office=florida", { cookie: owner });
    expect(florida.status).toBe(200);
    expect(florida.body).toContain("No prices: the site shows no service-call fee for Florida.");
    expect((await ask("/office/prices?office=atlantis", { cookie: owner })).status).toBe(404);
  });
});
