import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { testDatabases } from "../test-support/databases";
import { serviceRequest } from "../test-support/fixtures";
import { freshClientIp, startTestServer, type TestServer } from "../test-support/server";

// Issue 39: the homeowner's private page, its answers, its receipt and pay pages speak the
// request's language (the one it was booked in), without JavaScript too; an English request's
// page is as it was.
const databases = await testDatabases();
const [database] = databases.filter((candidate) => candidate.available);

/** The page's visible words, tags dropped: enough to find a sentence in it. */
function wordsOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

describe.skipIf(!database)(`The private page in Spanish on ${database?.label}`, () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ database: database!, withPages: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function book(language: "en" | "es") {
    const booked = await server.post(
      "/api/send-email",
      serviceRequest({ language, preferredDate: "", preferredTime: "", textConsent: true }),
    );
    expect(booked.status).toBe(201);
    const { requestUrl } = (await booked.json()) as { requestUrl: string };
    return new URL(requestUrl).pathname;
  }

  function post(path: string, fields: Record<string, string>) {
    return fetch(`${server.baseUrl}${path}`, {
      method: "POST",
      headers: { "X-Forwarded-For": freshClientIp() },
      body: new URLSearchParams(fields),
    });
  }

  test("a Spanish request's page: lang, title, the summary, the steps and the forms in Spanish, the frame's links to the Spanish site", async () => {
    const page = await fetch(`${server.baseUrl}${await book("es")}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toMatch(/<title>Su solicitud de reparación[^<]*<\/title>/);
    const words = wordsOf(html);
    for (const said of [
      "Su solicitud de reparación",
      "Reparación de refrigerador",
      "Referencia",
      "Le llamaremos para elegir una hora.",
      "Dirección",
      "Estado",
      "Solicitud recibida",
      "Visita confirmada",
      "Reparación terminada",
      "Fotos para el técnico",
      "Agregar fotos",
      "Mensajes de texto",
      "Desactivar los mensajes",
      "lunes a sábado, de 8:00 a. m. a 6:00 p. m.",
    ]) {
      expect(words, said).toContain(said);
    }
    for (const english of [
      "Your repair request",
      "Request received",
      "Photos for the technician",
      "Turn texts off",
    ]) {
      expect(words, english).not.toContain(english);
    }
    expect(html).toMatch(/href="\/es\/services"/);
  });

  test("its answers are in Spanish, with JavaScript or without: a refusal and a change", async () => {
    const path = await book("es");
    const refused = await post(path, { intent: "reschedule", window: "not-a-window" });
    expect(refused.status).toBe(400);
    expect(wordsOf(await refused.text())).toContain("Elija uno de los horarios disponibles.");
    const unknownIntent = await post(path, { intent: "shout" });
    expect(unknownIntent.status).toBe(400);
    expect(wordsOf(await unknownIntent.text())).toContain("Elija qué hacer.");
    const textsOff = await post(path, { intent: "texts-off" });
    expect(textsOff.status).toBe(200);
    const words = wordsOf(await textsOff.text());
    expect(words).toContain(
      "Los mensajes de texto están desactivados. Seguirá recibiendo correos.",
    );
    expect(words).toContain("Activar los mensajes");
  });

  test("an English request's page and answers are as they were", async () => {
    const path = await book("en");
    const html = await (await fetch(`${server.baseUrl}${path}`)).text();
    expect(html).toContain('<html lang="en-US">');
    const words = wordsOf(html);
    expect(words).toContain("Your repair request");
    expect(words).toContain("Request received");
    expect(words).not.toContain("Solicitud recibida");
    const refused = await post(path, { intent: "reschedule", window: "not-a-window" });
    expect(wordsOf(await refused.text())).toContain("Choose one of the open windows.");
  });

  test("the pay page answers in the request's language", async () => {
    const path = await book("es");
    const pay = await fetch(`${server.baseUrl}${path}/pay`);
    expect(pay.status).toBe(200);
    const words = wordsOf(await pay.text());
    expect(words).toContain("Pague con tarjeta desde la página de su solicitud.");
    expect(words).toContain("Volver a su solicitud");
    const refused = await post(`${path}/pay`, {});
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(wordsOf(await refused.text())).toMatch(
      /Por ahora no se debe nada en esta solicitud\.|Los pagos con tarjeta no están disponibles en este momento\./,
    );
  });
});
