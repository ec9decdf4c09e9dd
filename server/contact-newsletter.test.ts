import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { contactMessages, newsletterSubscribers, outbox } from "./db/schema";
import { testDatabases } from "./test-support/databases";
import {
  contactMessage,
  emailsAbout,
  expectCreated,
  headerBlock,
  headerValue,
  newJerseyEmail,
  waitUntil,
} from "./test-support/fixtures";
import { deskClient } from "./test-support/desk-client";
import { startTestServer, testSiteUrl, type TestServer } from "./test-support/server";

const databases = await testDatabases();
const siteHost = new URL(testSiteUrl).hostname;

for (const database of databases) {
  describe.skipIf(!database.available)(`Contact and newsletter on ${database.label}`, () => {
    let server: TestServer;

    const desk = deskClient(() => server);

    beforeAll(async () => {
      server = await startTestServer({ database, withPages: true });
    });
    afterAll(async () => {
      await server?.close();
    });

    async function delivered(id: string, count: number) {
      await waitUntil(() => emailsAbout(server.smtp.received, id).length >= count);
      return emailsAbout(server.smtp.received, id);
    }

    async function subscriber(email: string) {
      const { db } = server.serverApp.database;
      return db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    }

    async function outboxKindsAbout(id: string) {
      await server.serverApp.outbox.drain();
      const { db } = server.serverApp.database;
      const rows = await db.select().from(outbox).where(eq(outbox.subjectId, id));
      return rows.map((row) => row.kind);
    }

    test("a contact message is stored, the office gets every field and the visitor an acknowledgement", async () => {
      const { id } = await expectCreated(
        await server.post("/api/send-contact-email", contactMessage()),
      );
      const { db } = server.serverApp.database;
      expect(await db.select().from(contactMessages).where(eq(contactMessages.id, id))).toEqual([
        expect.objectContaining({
          office: "new-jersey",
          name: "John",
          lastName: "Smith",
          email: "john.smith@example.com",
          phone: "(908) 555-0199",
          subject: "Warranty question",
          message: "Is the repair covered for 90 days?",
        }),
      ]);
      const emails = await delivered(id, 2);
      const office = emails.find((email) => email.envelopeTo.includes(newJerseyEmail));
      const visitor = emails.find((email) => email.envelopeTo.includes("john.smith@example.com"));
      expect(emails).toHaveLength(2);
      expect(office?.parsed.subject).toBe("New contact message: Warranty question — John Smith");
      expect(office?.parsed.messageId).toBe(`<contact-message-${id}@${siteHost}>`);
      expect(office?.parsed.replyTo?.value).toEqual([
        { name: "John Smith", address: "john.smith@example.com" },
      ]);
      for (const value of [
        "John",
        "Smith",
        "john.smith@example.com",
        "(908) 555-0199",
        "Warranty question",
        "Is the repair covered for 90 days?",
      ]) {
        expect(office?.parsed.text).toContain(value);
        expect(office?.parsed.html).toContain(value);
      }
      expect(visitor?.parsed.subject).toBe("We received your message");
      expect(visitor?.parsed.text).toContain("(908) 555-0163");
    });

    test("a contact message without an email only reaches the office", async () => {
      const { id } = await expectCreated(
        await server.post("/api/send-contact-email", contactMessage({ email: "" })),
      );
      expect(await outboxKindsAbout(id)).toEqual(["contact-message.company"]);
      const [email] = await delivered(id, 1);
      expect(email?.parsed.replyTo).toBeUndefined();
    });

    test("CR/LF and markup in every contact field neither add a header nor reach the HTML unescaped", async () => {
      const evil = "Evil\r\nBcc: victim@example.org\r\nX-Injected: yes <script>alert(1)</script>";
      const { id } = await expectCreated(
        await server.post(
          "/api/send-contact-email",
          contactMessage({ name: evil, lastName: evil, subject: evil, message: evil }),
        ),
      );
      const emails = await delivered(id, 2);
      for (const email of emails) {
        expect(headerBlock(email)).not.toMatch(/^(bcc|x-injected):/im);
        expect(email.envelopeTo).not.toContain("victim@example.org");
        expect(email.parsed.html).not.toContain("<script>");
        expect(email.parsed.subject).not.toMatch(/[\r\n]/);
      }
      const office = emails.find((email) => email.envelopeTo.includes(newJerseyEmail));
      expect(office?.parsed.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    });

    test("a new subscriber is stored lower-cased and welcomed with an unsubscribe link and headers", async () => {
      const address = `New.Reader+${Date.now()}@Example.com`;
      const { id } = await expectCreated(
        await server.post("/api/send-subscribe-email", {
          email: address,
          companyEmail: newJerseyEmail,
        }),
      );
      const [row] = await subscriber(address.toLowerCase());
      expect(row).toMatchObject({ id, office: "new-jersey", unsubscribedAt: null });
      const [welcome] = await delivered(id, 1);
      const link = `${testSiteUrl}/unsubscribe?token=${row?.unsubscribeToken}`;
      expect(welcome?.envelopeTo).toEqual([address.toLowerCase()]);
      expect(welcome?.parsed.text).toContain(link);
      expect(welcome?.parsed.html).toContain(`href="${link}"`);
      expect(headerValue(welcome!, "List-Unsubscribe")).toBe(
        `<${link}>, <mailto:${newJerseyEmail}?subject=unsubscribe>`,
      );
      expect(headerValue(welcome!, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    });

    test("subscribing again keeps one row, sends no second welcome, and answers as a first subscription does: the answer never tells a stranger that an address is on the list", async () => {
      const address = `again-${Date.now()}@example.com`;
      const first = await expectCreated(
        await server.post("/api/send-subscribe-email", { email: address }),
      );
      const second = await expectCreated(
        await server.post("/api/send-subscribe-email", { email: address.toUpperCase() }),
      );
      expect(second.id).not.toBe(first.id);
      expect(await subscriber(address)).toHaveLength(1);
      expect(await outboxKindsAbout(first.id)).toEqual(["newsletter.welcome"]);
      await delivered(first.id, 1);
      expect(emailsAbout(server.smtp.received, first.id)).toHaveLength(1);
    });

    test("the unsubscribe link asks first: GET changes nothing, the button's POST unsubscribes", async () => {
      const address = `leaving-${Date.now()}@example.com`;
      await expectCreated(await server.post("/api/send-subscribe-email", { email: address }));
      const [row] = await subscriber(address);
      const pageUrl = `${server.baseUrl}/unsubscribe?token=${row?.unsubscribeToken}`;

      const page = await fetch(pageUrl);
      const html = await page.text();
      expect(page.status).toBe(200);
      expect(html).toContain("Unsubscribe from our newsletter?");
      expect(html).toMatch(/<form[^>]*method="post"/);
      expect(html).toContain('name="robots" content="noindex, nofollow"');
      expect((await subscriber(address))[0]?.unsubscribedAt).toBeNull();

      const confirmation = await fetch(pageUrl, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token: row?.unsubscribeToken ?? "" }),
      });
      expect(confirmation.status).toBe(200);
      expect(await confirmation.text()).toContain("You have been unsubscribed");
      expect((await subscriber(address))[0]?.unsubscribedAt).toBeInstanceOf(Date);

      expect(await (await fetch(pageUrl)).text()).toContain("You are already unsubscribed");
    });

    test("a mail client's one-click POST unsubscribes, and subscribing later welcomes again", async () => {
      const address = `one-click-${Date.now()}@example.com`;
      const { id } = await expectCreated(
        await server.post("/api/send-subscribe-email", { email: address }),
      );
      const [row] = await subscriber(address);
      const oneClick = await fetch(`${server.baseUrl}/unsubscribe?token=${row?.unsubscribeToken}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(oneClick.status).toBe(200);
      expect((await subscriber(address))[0]?.unsubscribedAt).toBeInstanceOf(Date);

      const back = await server.post("/api/send-subscribe-email", { email: address });
      expect(back.status).toBe(201);
      expect(await subscriber(address)).toEqual([
        expect.objectContaining({ id, unsubscribedAt: null }),
      ]);
      expect(await outboxKindsAbout(id)).toEqual(["newsletter.welcome", "newsletter.welcome"]);
    });

    /** A page's form posted as a browser without JavaScript posts it. */
    function postPageForm(path: string, fields: Record<string, unknown>) {
      return fetch(`${server.baseUrl}${path}`, {
        method: "POST",
        redirect: "manual",
        body: new URLSearchParams(
          Object.entries(fields).map(([name, value]) => [name, String(value)]),
        ),
      });
    }

    test("sent from /es/contact: stored in Spanish whatever is posted, the acknowledgement in Spanish, the office told Prefers Spanish", async () => {
      const email = `mensaje-${Date.now()}@example.com`;
      const sent = await postPageForm(
        "/es/contact",
        contactMessage({ email, subject: "Pregunta de garantía", language: "en" }),
      );
      expect(sent.status).toBeLessThan(400);
      const { db } = server.serverApp.database;
      const [row] = await db.select().from(contactMessages).where(eq(contactMessages.email, email));
      expect(row?.language).toBe("es");
      const emails = await delivered(row!.id, 2);
      const visitor = emails.find((mail) => mail.envelopeTo.includes(email))!;
      expect(visitor.parsed.subject).toBe("Recibimos su mensaje");
      expect(visitor.parsed.text).toContain("Gracias por escribir a");
      expect(visitor.parsed.text).toContain("le responderemos en un plazo de un día hábil");
      expect(visitor.parsed.html).toContain('<html lang="es">');
      expect(visitor.parsed.text).not.toMatch(/\b(We|Thank you|Call)\b/);
      const office = emails.find((mail) => !mail.envelopeTo.includes(email))!;
      expect(office.parsed.subject).toMatch(/\(Prefers Spanish\)$/);
      expect(office.parsed.text).toContain("Prefers Spanish");
      // The desk: the inbox's row and the message's page.
      const { cookie } = await desk.add("dispatcher", "Nina Dispatch", ["new-jersey"]);
      const inbox = (await desk.ask("/office", { cookie })).body;
      const inboxRow = inbox.slice(inbox.indexOf(`/office/leads/${row!.id}`));
      expect(inboxRow.slice(0, inboxRow.indexOf("</tr>"))).toContain("Prefers Spanish");
      expect((await desk.ask(`/office/leads/${row!.id}`, { cookie })).body).toContain(
        "Prefers Spanish",
      );

      // From the English page: English, and the office is told nothing about a language.
      const englishEmail = `message-${Date.now()}@example.com`;
      await postPageForm("/contact", contactMessage({ email: englishEmail, language: "es" }));
      const [english] = await db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.email, englishEmail));
      expect(english?.language).toBe("en");
      const englishEmails = await delivered(english!.id, 2);
      expect(
        englishEmails.find((mail) => mail.envelopeTo.includes(englishEmail))?.parsed.subject,
      ).toBe("We received your message");
      expect(englishEmails.map((mail) => mail.parsed.text).join("\n")).not.toContain(
        "Prefers Spanish",
      );
    });

    test("subscribed on a Spanish page: the welcome and the unsubscribe page are in Spanish", async () => {
      const address = `boletin-${Date.now()}@example.com`;
      const sent = await postPageForm("/es/newsletter", { email: address });
      expect(sent.status).toBeLessThan(400);
      const [row] = await subscriber(address);
      expect(row?.language).toBe("es");
      const [welcome] = await delivered(row!.id, 1);
      expect(welcome?.parsed.subject).toMatch(/^Le damos la bienvenida al boletín de /);
      expect(welcome?.parsed.text).toContain("Gracias por suscribirse.");
      expect(welcome?.parsed.text).toContain(
        `Cancelar la suscripción: ${testSiteUrl}/unsubscribe?token=`,
      );
      expect(welcome?.parsed.html).toContain('<html lang="es">');

      const pageUrl = `${server.baseUrl}/unsubscribe?token=${row?.unsubscribeToken}`;
      const page = await (await fetch(pageUrl)).text();
      expect(page).toContain('<html lang="es"');
      expect(page).toMatch(/<title>Cancelar la suscripción[^<]*<\/title>/);
      expect(page).toContain("¿Cancelar su suscripción al boletín?");
      expect(page).not.toContain("Unsubscribe from our newsletter?");
      const done = await postPageForm(`/unsubscribe?token=${row?.unsubscribeToken}`, {
        token: row?.unsubscribeToken,
      });
      expect(await done.text()).toContain("Se canceló su suscripción");
      expect(await (await fetch(pageUrl)).text()).toContain("Su suscripción ya estaba cancelada");

      // Back from an English page: welcomed in English, and the page follows.
      await expectCreated(await server.post("/api/send-subscribe-email", { email: address }));
      expect((await subscriber(address))[0]?.language).toBe("en");
      expect(await (await fetch(pageUrl)).text()).toContain("Unsubscribe from our newsletter?");
    });

    test("the JSON API takes the language from its body: Spanish when it says es, a 400 for any other", async () => {
      const email = `api-${Date.now()}@example.com`;
      const { id } = await expectCreated(
        await server.post("/api/send-contact-email", contactMessage({ email, language: "es" })),
      );
      const emails = await delivered(id, 2);
      expect(emails.find((mail) => mail.envelopeTo.includes(email))?.parsed.subject).toBe(
        "Recibimos su mensaje",
      );
      for (const path of ["/api/send-contact-email", "/api/send-subscribe-email"]) {
        const body =
          path === "/api/send-contact-email"
            ? contactMessage({ language: "fr" })
            : { email: `fr-${Date.now()}@example.com`, language: "fr" };
        const refused = await server.post(path, body);
        expect(refused.status, path).toBe(400);
        expect(await refused.text(), path).toContain("Language must be en or es");
      }
    });

    test("subscribing again from the other language while subscribed changes nothing: a stranger cannot switch someone's language", async () => {
      const address = `stays-${Date.now()}@example.com`;
      const { id } = await expectCreated(
        await server.post("/api/send-subscribe-email", { email: address, language: "es" }),
      );
      await expectCreated(await server.post("/api/send-subscribe-email", { email: address }));
      expect((await subscriber(address))[0]?.language).toBe("es");
      expect(await outboxKindsAbout(id)).toEqual(["newsletter.welcome"]);
    });

    test("an unknown unsubscribe token changes nothing and says so", async () => {
      const page = await fetch(`${server.baseUrl}/unsubscribe?token=not-a-real-token-123456`);
      expect(await page.text()).toContain("This unsubscribe link is not valid");
      const post = await fetch(`${server.baseUrl}/unsubscribe`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "token=",
      });
      expect(post.status).toBe(200);
      expect(await post.text()).toContain("This unsubscribe link is not valid");
    });
  });
}
