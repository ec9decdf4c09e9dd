import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { officePrices } from "../db/schema";
import { testDatabases } from "../test-support/databases";
import { deskClient, type DeskAsk } from "../test-support/desk-client";
import { startTestServer, type TestServer } from "../test-support/server";

// The prices page as an owner meets it, through the real app: it opens on the owner's own
// office, "Saved." stands by the button, and Remove asks first (a page of its own, a GET that
// changes nothing) before "Yes, remove" posts.

const [pglite] = await testDatabases();

const floridaPrices = {
  intent: "save",
  office: "florida",
  fee: "79",
  rule: "waived when you go ahead with the repair",
  warrantyDays: "90",
};

describe("The prices page", () => {
  let server: TestServer;
  let owner: string;
  const desk = deskClient(() => server);

  beforeAll(async () => {
    server = await startTestServer({ database: pglite!, withPages: true });
    owner = (await desk.add("owner", "Olive Owner", [])).cookie;
  });
  afterAll(async () => {
    await server?.close();
  });

  async function ask(path: string, options: DeskAsk = {}) {
    const answer = await desk.ask(path, { cookie: owner, ...options });
    // Without its scripts: the hydration data is not what the page shows.
    const shown = answer.body
      .replaceAll("&#x27;", "'")
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
    return { status: answer.status, shown };
  }

  const storedRows = () => server.serverApp.database.db.select().from(officePrices);

  test("without a choice it opens on the owner's own office: where their team works, else the first", async () => {
    // No team yet: the first office.
    expect((await ask("/office/prices")).shown).toContain("Prices in Virginia");
    // A technician in Florida: the owner's office is Florida.
    await desk.add("technician", "Flo Reyes", ["florida"]);
    const florida = await ask("/office/prices");
    expect(florida.status).toBe(200);
    expect(florida.shown).toContain("Prices in Florida");
    expect(florida.shown).toMatch(/<option value="florida" selected="">Florida<\/option>/);
    // A dispatcher in Texas too: the first of the owner's offices where the team works.
    await desk.add("dispatcher", "Dana Dispatch", ["texas", "florida"]);
    expect((await ask("/office/prices")).shown).toContain("Prices in Texas");
    // A choice is kept, and an office that is none is no page.
    expect((await ask("/office/prices?office=virginia")).shown).toContain("Prices in Virginia");
    expect((await ask("/office/prices?office=atlantis")).status).toBe(404);
  });

  test('a save says "Saved." by its button, as a status', async () => {
    const saved = await ask("/office/prices?office=florida", { form: floridaPrices });
    expect(saved.status).toBe(200);
    expect(saved.shown).toMatch(/Save prices<\/button><p role="status"[^>]*>Saved\.<\/p>/);
    // Said once: not again above the form.
    expect(saved.shown.split("Saved.")).toHaveLength(2);
    // Before any save the status is there, empty.
    expect((await ask("/office/prices?office=florida")).shown).toMatch(
      /Save prices<\/button><p role="status"[^>]*><\/p>/,
    );
  });

  test("Remove asks first: its button opens the question, which changes nothing; Yes, remove removes; Keep it goes back", async () => {
    await ask("/office/prices?office=florida", { form: floridaPrices });
    const page = await ask("/office/prices?office=florida");
    // The page's Remove is a GET to the question, no POST that removes.
    expect(page.shown).toMatch(
      /<form[^>]*method="get"><input type="hidden" name="office" value="florida"\/><input type="hidden" name="remove" value="ask"\/>/,
    );
    expect(page.shown).not.toContain('name="intent" value="remove"');

    const question = await ask("/office/prices?office=florida&remove=ask");
    expect(question.status).toBe(200);
    expect(question.shown).toContain("Remove the prices for Florida?");
    expect(question.shown).toContain("Service call: $79, waived when you go ahead with the repair");
    expect(question.shown).toContain('name="intent" value="remove"');
    expect(question.shown).toContain("Yes, remove");
    expect(question.shown).toMatch(
      /<a[^>]*href="\/office\/prices\?office=florida"[^>]*>Keep it<\/a>/,
    );
    // Neither the page nor its question removed anything.
    expect(await storedRows()).toHaveLength(1);

    const removed = await ask("/office/prices?office=florida", {
      form: { intent: "remove", office: "florida" },
    });
    expect(removed.status).toBe(200);
    expect(removed.shown).toContain(
      "Removed: the site shows no service-call fee or ranges for Florida.",
    );
    expect(await storedRows()).toEqual([]);
    // With nothing to remove, the question is not asked: the page as it is.
    const nothing = await ask("/office/prices?office=florida&remove=ask");
    expect(nothing.shown).not.toContain("Remove the prices for Florida?");
    expect(nothing.shown).toContain("No prices: the site shows no service-call fee for Florida.");
  });
});
