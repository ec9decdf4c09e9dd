import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import {
  contactMessages,
  newsletterSubscribers,
  requestPhotos,
  serviceRequests,
} from "./db/schema";
import { testDatabases } from "./test-support/databases";
import { serviceRequest, waitUntil } from "./test-support/fixtures";
import { freshClientIp, startTestServer, type TestServer } from "./test-support/server";
import { isFederalHoliday } from "~/domain/holidays";

// The forms' route actions, posted as a browser without JavaScript posts them: the same
// pipeline as the JSON API, answered with a page.
const databases = await testDatabases();
const [database] = databases.filter((candidate) => candidate.available);

function uniqueName(first: string) {
  return `${first} Form${Math.random().toString(36).slice(2, 8)}`;
}

describe.skipIf(!database)(`Form actions on ${database?.label}`, () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ database: database!, withPages: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  function postForm(
    path: string,
    fields: Record<string, string>,
    { headers = {}, ip = freshClientIp() }: { headers?: Record<string, string>; ip?: string } = {},
  ) {
    return fetch(`${server.baseUrl}${path}`, {
      method: "POST",
      headers: { "X-Forwarded-For": ip, ...headers },
      body: new URLSearchParams(fields),
    });
  }

  const contactFields = (name: string) => ({
    name,
    lastName: "Lovelace",
    email: "ada@example.com",
    phone: "908 555 0199",
    subject: "Dryer",
    message: "It squeals.",
    companyEmail: "newjersey@easyappliancerepair.com",
    website: "",
  });

  async function contactRows(name: string) {
    const { db } = server.serverApp.database;
    return db.select().from(contactMessages).where(eq(contactMessages.name, name));
  }

  test("a contact message is stored and emailed; the page says so", async () => {
    const name = uniqueName("Ada");
    const response = await postForm("/contact", contactFields(name));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Your contact request has been submitted successfully.");
    expect(html).toContain(`value="${name}"`);
    const rows = await contactRows(name);
    expect(rows).toEqual([
      expect.objectContaining({ office: "new-jersey", phone: "(908) 555-0199" }),
    ]);
    await waitUntil(() =>
      server.smtp.received.some((email) => (email.parsed.text ?? "").includes(name)),
    );
  });

  test("bad input: 400, the field messages, the typed values, nothing stored", async () => {
    const name = uniqueName("Bad");
    const response = await postForm("/contact", {
      ...contactFields(name),
      lastName: "",
      email: "not-an-email",
      phone: "12",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    for (const text of [
      "Last name is required",
      "Invalid email address",
      "Invalid phone number format",
      'value="not-an-email"',
      `value="${name}"`,
      'value="12"',
    ]) {
      expect(html).toContain(text);
    }
    expect(await contactRows(name)).toEqual([]);
  });

  test("the honeypot: told all went well, nothing stored", async () => {
    const name = uniqueName("Bot");
    const response = await postForm("/contact", { ...contactFields(name), website: "spam.biz" });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("submitted successfully");
    expect(await contactRows(name)).toEqual([]);
  });

  test("one idempotency key, one lead", async () => {
    const name = uniqueName("Twice");
    const fields = { ...contactFields(name), idempotencyKey: `key-${name}` };
    const ip = freshClientIp();
    const answers = await Promise.all([
      postForm("/contact", fields, { ip }),
      postForm("/contact", fields, { ip }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await contactRows(name)).toHaveLength(1);
  });

  test("each page carries keys of its own: posted again (a refresh), the form stores one lead", async () => {
    const keysIn = async (path: string) =>
      [
        ...(await (await fetch(`${server.baseUrl}${path}`)).text()).matchAll(
          /name="idempotencyKey" value="([^"]+)"/g,
        ),
      ].map((match) => match[1]!);
    const [contactKey] = await keysIn("/contact");
    const [otherVisitorsKey] = await keysIn("/contact");
    expect(contactKey).toMatch(/^[0-9a-f-]{36}/);
    expect(otherVisitorsKey).not.toBe(contactKey);
    // Home has two newsletter forms: each its own key.
    const homeKeys = await keysIn("/");
    expect(homeKeys).toHaveLength(2);
    expect(new Set(homeKeys).size).toBe(2);

    const name = uniqueName("Refresh");
    const fields = { ...contactFields(name), idempotencyKey: contactKey! };
    const ip = freshClientIp();
    const first = await postForm("/contact", fields, { ip });
    const again = await postForm("/contact", fields, { ip });
    expect([first.status, again.status]).toEqual([200, 200]);
    // The page a POST answers with has its own nonce, in its policy and its scripts, and keys.
    const firstHtml = await first.text();
    const nonce = /'nonce-([^']+)'/.exec(first.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeDefined();
    expect(new Set([...firstHtml.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]))).toEqual(
      new Set([nonce]),
    );
    expect(firstHtml).not.toContain("placeholder0");
    expect(await again.text()).toContain("submitted successfully");
    expect(await contactRows(name)).toHaveLength(1);
  });

  test("a cross-site POST to a page action is refused", async () => {
    const name = uniqueName("Eve");
    const response = await postForm("/contact", contactFields(name), {
      headers: { Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(await contactRows(name)).toEqual([]);
  });

  test("Origin null is taken only with the browser's Sec-Fetch-Site: same-origin", async () => {
    // A page sent with Referrer-Policy no-referrer (a private link's) posts with Origin "null".
    const forged = uniqueName("Nul");
    const refused = await postForm("/contact", contactFields(forged), {
      headers: { Origin: "null", "Sec-Fetch-Site": "cross-site" },
    });
    expect(refused.status).toBe(403);
    expect(await contactRows(forged)).toEqual([]);
    const own = uniqueName("Own");
    const taken = await postForm("/contact", contactFields(own), {
      headers: { Origin: "null", "Sec-Fetch-Site": "same-origin" },
    });
    expect(taken.status).toBe(200);
    expect(await contactRows(own)).toHaveLength(1);
  });

  test("a body over 16 KB is refused without a server error", async () => {
    const response = await postForm("/contact", {
      ...contactFields(uniqueName("Big")),
      message: "x".repeat(20_000),
    });
    expect(response.status).toBe(413);
  });

  test("the newsletter action subscribes; a bad address keeps what was typed", async () => {
    const email = `${uniqueName("sub").split(" ")[1]!.toLowerCase()}@example.com`;
    const bad = await postForm("/newsletter", { email: "someone@example" });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain("Invalid email address");
    expect(badHtml).toContain('value="someone@example"');

    const response = await postForm("/newsletter", { email });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(
      "Your subscribe request has been submitted successfully.",
    );
    const { db } = server.serverApp.database;
    const rows = await db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    expect(rows).toHaveLength(1);
  });

  test("the schedule action books with a typed MM/dd/yyyy date and ten typed digits", async () => {
    const name = uniqueName("Book");
    const visit = new Date(Date.now() + 5 * 24 * 3600 * 1000);
    // Sundays are closed: no window is offered that day.
    while (visit.getUTCDay() === 0 || isFederalHoliday(visit.toISOString().slice(0, 10))) {
      visit.setUTCDate(visit.getUTCDate() + 1);
    }
    const later = visit.toISOString().slice(0, 10);
    const [year, month, day] = later.split("-");
    const response = await postForm("/modals/schedule?appliance=dryer", {
      selectedAppliance: "dryer",
      name,
      phone: "7135550123",
      address: "1 Main St",
      preferredDate: `${month}/${day}/${year}`,
      preferredTime: "evening",
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(
      "Your service request has been submitted successfully.",
    );
    const { db } = server.serverApp.database;
    const rows = await db.select().from(serviceRequests).where(eq(serviceRequests.name, name));
    expect(rows).toEqual([
      expect.objectContaining({
        selectedAppliance: "dryer",
        phone: "(713) 555-0123",
        preferredDate: later,
        preferredTime: "evening",
        office: "texas",
      }),
    ]);
  });

  test("the private page reads no body for an unknown link, and at most 50 MB of photos whatever the body claims", async () => {
    const booked = await server.post(
      "/api/send-email",
      serviceRequest({ preferredDate: "", preferredTime: "" }),
    );
    expect(booked.status).toBe(201);
    const { id, requestUrl } = (await booked.json()) as { id: string; requestUrl: string };
    const pagePath = new URL(requestUrl).pathname;

    const unknown = await postForm(`/requests/${"A".repeat(43)}`, { intent: "cancel" });
    expect(unknown.status).toBe(404);

    // 51 MB in 1 MB chunks, sent chunked: no Content-Length to refuse it by.
    const megabyte = new Uint8Array(1024 * 1024).fill(97);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) {
          controller.enqueue(
            new TextEncoder().encode(
              '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nphotos\r\n' +
                '--x\r\nContent-Disposition: form-data; name="photos"; filename="big.jpg"\r\n' +
                "Content-Type: image/jpeg\r\n\r\n",
            ),
          );
        }
        if (sent === 51) {
          controller.enqueue(new TextEncoder().encode("\r\n--x--\r\n"));
          controller.close();
          return;
        }
        sent += 1;
        controller.enqueue(megabyte);
      },
    });
    const tooLarge = await fetch(`${server.baseUrl}${pagePath}`, {
      method: "POST",
      headers: {
        "Content-Type": "multipart/form-data; boundary=x",
        "X-Forwarded-For": freshClientIp(),
      },
      body,
      duplex: "half",
    } as RequestInit);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toContain("Add at most 5 photos of 10 MB each at a time.");
    const { db } = server.serverApp.database;
    expect(await db.select().from(requestPhotos).where(eq(requestPhotos.requestId, id))).toEqual(
      [],
    );
    const page = await fetch(`${server.baseUrl}${pagePath}`);
    expect(page.status).toBe(200);
  });
});
