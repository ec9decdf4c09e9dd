import type { Locator, Page } from "@playwright/test";

import { hasSpanishTwin } from "~/lib/locale";

import { axe } from "./support/axe";
import { expect, publicRoutes, sharedPageTest, test } from "./support/fixtures";
import { databaseAvailable, queryRows, uniqueName, waitForEmails } from "./support/leads";
import { signIn, staffCommand } from "./support/staff";
import { staffEmail } from "./support/field";
import { confirmVisitToday, technicianOnPhone } from "./support/field-job";

// Issue 39: every public page has a Spanish twin under /es, and a homeowner who books there is
// answered in Spanish and known to the desk as "Prefers Spanish".

const spanishRoutes = publicRoutes
  .map((route) => route.path)
  .filter((path) => hasSpanishTwin(path))
  .map((path) => (path === "/" ? "/es" : `/es${path}`));
const widths = [320, 375, 768, 1024, 1280];

let phoneCounter = 0;
function distinctPhone(): string {
  phoneCounter += 1;
  const line = String((Date.now() + phoneCounter * 7919) % 10_000).padStart(4, "0");
  return `(713) 7${String(phoneCounter % 100).padStart(2, "0")}-${line}`;
}

/** The private page: in Spanish (its `lang`, title, heading, frame), clean for axe, no sideways scroll. */
async function expectSpanishPrivatePage(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveTitle(/^Su solicitud de reparación/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Su solicitud de reparación");
  for (const width of [320, 375, 1280]) {
    expect(await overflowAt(page, width), `the private page at ${width} px`).toBeLessThanOrEqual(0);
    if (width === 320) continue;
    const results = await axe(page).analyze();
    expect(
      results.violations.map((violation) => violation.id),
      `the private page at ${width} px`,
    ).toEqual([]);
  }
  await page.setViewportSize({ width: 375, height: 667 });
}

function dialogOf(page: Page): Locator {
  return page.getByRole("dialog", { name: "Reservar servicio" });
}

/** How far the document reaches past the viewport at `width` (0: nothing scrolls sideways). */
async function overflowAt(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return (
      Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth
    );
  });
}

test.use({ expectedConsoleErrors: /status of 404/ });

// One visit per page: its language, title and alternates, then axe at a phone's and a laptop's
// width and no sideways scroll from 320 to 1280 px (Spanish runs longer than English).
for (const path of spanishRoutes) {
  sharedPageTest(
    `${path} is Spanish, linked to its English twin, accessible and never too wide`,
    async ({ page, baseURL }) => {
      const english = path === "/es" ? "/" : path.slice("/es".length);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await page.waitForLoadState("networkidle");
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      const title = await page.title();
      const englishTitle = (await (await page.request.get(english)).text()).match(
        /<title>([^<]*)<\/title>/,
      )?.[1];
      expect(title, path).not.toBe(englishTitle);
      expect(title, path).toMatch(/[áéíóúñ]|Reparación|Marcas|Reseñas|Política|Zonas|Detección/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        `${baseURL}${path}`,
      );
      for (const [language, href] of [
        ["en", english],
        ["es", path],
        ["x-default", english],
      ] as const) {
        await expect(page.locator(`link[rel="alternate"][hreflang="${language}"]`)).toHaveAttribute(
          "href",
          `${baseURL}${href}`,
        );
      }
      // The way back: "English", to the same page.
      await expect(
        page.getByRole("contentinfo").getByRole("link", { name: "English" }),
      ).toHaveAttribute("href", english);
      const found: string[] = [];
      for (const width of widths) {
        const overflow = await overflowAt(page, width);
        if (overflow > 0) found.push(`${width} px: ${overflow} px too wide`);
        if (width === 375 || width === 1280) {
          const violations = (await axe(page).analyze()).violations.map(
            (violation) =>
              `${width} px ${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
          );
          found.push(...violations);
        }
      }
      expect(found, path).toEqual([]);
    },
  );
}

test.describe("booking in Spanish on a phone", () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test("from /es/services/dryer: Spanish words, Spanish errors, a Spanish notice; the request keeps its language and the desk says Prefers Spanish; the private page, On my way and Done reach the homeowner in Spanish", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    await page.goto("/es/services/dryer?region=Texas");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reparación de secadoras");
    await page.getByRole("link", { name: "Reservar reparación de secadoras" }).click();

    const dialog = dialogOf(page);
    await expect(dialog.getByText("Paso 2 de 2: Datos de contacto")).toBeVisible();
    await expect(dialog.getByText("Electrodoméstico:")).toContainText("Secadora");
    // Bad input is answered in Spanish.
    await dialog.getByRole("button", { name: "Enviar solicitud" }).click();
    await expect(dialog.getByText("Escriba su nombre")).toBeVisible();
    await expect(dialog.getByText("Escriba su número de teléfono")).toBeVisible();
    await expect(dialog.getByText("Escriba la dirección")).toBeVisible();

    const name = uniqueName("Lucía");
    const phone = distinctPhone();
    const email = `${name.replace(/\s+/g, ".").toLowerCase().replace("í", "i")}@example.com`;
    await dialog.getByRole("textbox", { name: "Nombre completo (obligatorio)" }).fill(name);
    await dialog.getByRole("textbox", { name: "Correo electrónico" }).fill(email);
    await dialog.getByRole("textbox", { name: "Teléfono", exact: true }).pressSequentially(phone);
    await dialog
      .getByRole("textbox", { name: "Dirección", exact: true })
      .fill("12 Calle Luna, Houston");
    await dialog
      .getByRole("textbox", { name: "Descripción del problema" })
      .fill("La secadora huele a gas cuando prende");
    // The safety step speaks Spanish too.
    await expect(dialog.getByText("Antes de enviar: su seguridad primero")).toBeVisible();
    await dialog.getByRole("button", { name: "Elegir una fecha en el calendario" }).click();
    const calendar = dialog.getByRole("group", { name: "Calendario" });
    await calendar
      .getByRole("button", { name: /\d{4}$/, disabled: false })
      .first()
      .click();
    await dialog.getByRole("radio", { disabled: false }).first().click();
    await dialog
      .getByRole("checkbox", { name: /Envíenme mensajes de texto sobre esta reparación/ })
      .check();
    await dialog.getByRole("button", { name: "Enviar solicitud" }).click();

    await expect(dialog).toBeHidden();
    await expect(
      page.getByText("Su solicitud de servicio se envió correctamente.", { exact: true }),
    ).toBeVisible();
    const notice = page.getByRole("region", { name: "Su solicitud va en camino" });
    await expect(notice).toBeFocused();
    await expect(notice).toContainText(/Su referencia: R-[0-9A-HJKMNP-TV-Z]{4}/);
    await expect(notice).toContainText(/Electrodoméstico\s*Secadora/);
    const privateLink = notice.getByRole("link", { name: "Ver, cambiar o cancelar su visita" });
    await expect(privateLink).toBeVisible();
    const privatePath = new URL((await privateLink.getAttribute("href"))!, baseURL).pathname;

    // The confirmation email and its calendar file are in Spanish.
    const [confirmation] = await waitForEmails((message) => message.envelopeTo.includes(email), 1);
    expect(confirmation!.subject).toBe("Recibimos su solicitud de servicio: secadora");
    expect(confirmation!.html).toContain('<html lang="es">');
    expect(confirmation!.text).toContain("Recibimos su solicitud para reparar su secadora.");
    expect(confirmation!.text).toMatch(
      /Visita preferida: \S+ \d{1,2} de \S+ de \d{4}, \d{1,2}:00 [ap]\. m\. - \d{1,2}:00 [ap]\. m\., hora del Centro/,
    );
    const ics = confirmation!.attachments.find((attachment) =>
      attachment.contentType.startsWith("text/calendar"),
    );
    expect(ics!.content).toContain(
      "SUMMARY:Visita de reparación de secadora: Easy Appliance Repair",
    );
    expect(ics!.content).toContain("DESCRIPTION:Reparación de secadora");

    if (databaseAvailable) {
      const [stored] = await queryRows<{ language: string; text_consent_words: string }>(
        "select language, text_consent_words from service_requests where name = $1",
        [name],
      );
      expect(stored?.language).toBe("es");
      // The consent is kept in the words the homeowner read.
      expect(stored?.text_consent_words).toContain(
        "Envíenme mensajes de texto sobre esta reparación",
      );
      // And the text the booking sent is Spanish, in GSM-7 (no á, í, ó or ú).
      const [text] = await queryRows<{ body: string }>(
        "select t.body from texts t join service_requests r on r.id = t.request_id where r.name = $1 and t.kind = 'text.received'",
        [name],
      );
      expect(text?.body).toMatch(
        /^Easy Appliance Repair: recibimos su solicitud R-[0-9A-Z]{4} para reparar su secadora\. Vea o cambie su cita: \S+ Responda ALTO para cancelar\.$/,
      );
      expect(text?.body).not.toMatch(/[áíóú]/);
    }

    // The office sees who to call in Spanish: in the inbox and on the lead.
    const owner = staffEmail("spanish-owner");
    const password = "a long staff password";
    expect(
      (await staffCommand(["add", owner, "--role", "owner", "--name", "Sofía Owner"], password))
        .status,
    ).toBe(0);
    const desk = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(desk, owner, password);
    const filters = desk.getByRole("form", { name: "Filters and search" });
    await filters.getByLabel("Name, phone or email").fill(name);
    await filters.getByRole("button", { name: "Apply" }).click();
    const row = desk.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("Prefers Spanish");
    await row.getByRole("link", { name }).click();
    await expect(desk.getByRole("heading", { level: 1 })).toContainText(name);
    await expect(desk.getByText("Prefers Spanish", { exact: true })).toBeVisible();
    // And the office's email about it, which the lead lists.
    await expect(
      desk.getByText(/new service request from .* \(Prefers Spanish\)/).first(),
    ).toBeVisible();

    // The homeowner's private page speaks Spanish, frame and all.
    await page.goto(privatePath);
    await expectSpanishPrivatePage(page);
    await expect(
      page.getByRole("heading", { level: 2, name: "Reparación de secadora" }),
    ).toBeVisible();
    await expect(page.getByText("Solicitud recibida", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Cambiar su visita" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Cambiar mi visita" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Mensajes de texto" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Servicios" }).first()).toHaveAttribute(
      "href",
      /^\/es\/services/,
    );

    // The office books the visit for this evening with a technician, who goes.
    const technician = staffEmail("spanish-alex");
    const technicianName = uniqueName("Alex");
    expect(
      (
        await staffCommand(
          [
            "add",
            technician,
            "--role",
            "technician",
            "--office",
            "texas",
            "--name",
            technicianName,
          ],
          password,
        )
      ).status,
    ).toBe(0);
    await desk.reload();
    await confirmVisitToday(desk, technicianName, "evening");
    await desk.close();
    const { context: phoneContext, phone: alex } = await technicianOnPhone(
      browser,
      baseURL!,
      technician,
    );
    try {
      const card = alex.getByRole("article", { name });
      await card.getByRole("button", { name: "On my way" }).click();
      await expect(card.getByText(/On the way: Arriving about/)).toBeVisible();

      // "On my way" reaches the homeowner in Spanish: the page, the email and the text.
      await page.reload();
      await expect(page.getByRole("status").filter({ hasText: "va en camino" })).toHaveText(
        /^Alex va en camino y llegará a eso de las? \d{1,2}:\d{2} [ap]\. m\.$/,
      );

      await card.getByRole("button", { name: "Arrived" }).click();
      await expect(card.getByText("Arrived", { exact: true })).toBeVisible();
      await card.getByText("Done: record the repair").click();
      await card.getByLabel("Work done").fill("Cambié el encendedor; probé dos ciclos.");
      await card.getByLabel("Model").fill("DVG45R6100C");
      await card.getByLabel("Serial number").fill("0B7H5AEN400123");
      await card.getByLabel("Amount charged ($)").fill("180");
      await card.getByRole("button", { name: "Done", exact: true }).click();
      await expect(card.getByText("Done", { exact: true })).toBeVisible();
      // Done reaches the homeowner's page in Spanish. (The phone sends its taps in the
      // background: the page is read again until Done has landed, the phone still open.)
      await expect(async () => {
        await page.reload();
        await expect(page.getByText(/^Completado: Alex terminó la reparación \(/)).toBeVisible({
          timeout: 2_000,
        });
      }).toPass({ timeout: 30_000 });

      // Paid in cash: the page leads with the receipt and the warranty, in Spanish.
      await card.locator("summary", { hasText: "Record payment" }).click();
      await card.getByRole("radio", { name: "Cash" }).check();
      await expect(card.getByLabel("Amount paid ($)")).toHaveValue("180.00");
      await card.getByRole("button", { name: "Record payment" }).click();
      await expect(async () => {
        await page.reload();
        await expect(page.getByText(/^Pagado \$180\.00 el /)).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
    } finally {
      await phoneContext.close();
    }
    await expect(page.getByRole("heading", { level: 2, name: /^Reparado el \d/ })).toBeVisible();
    await expect(
      page.getByText(
        /^Garantía: 90 días en piezas y mano de obra, hasta el \d{1,2} de \S+ de \d{4}\.$/,
      ),
    ).toBeVisible();
    await page.getByRole("link", { name: "Ver e imprimir el recibo" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Recibo" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page).toHaveTitle(/^Su recibo/);
    for (const label of ["Técnico", "Electrodoméstico", "Trabajo realizado", "Saldo", "Garantía"]) {
      await expect(page.getByRole("term").filter({ hasText: label }).first()).toBeVisible();
    }
    await expect(page.getByRole("button", { name: "Imprimir" })).toBeVisible();
    const receiptChecks = await axe(page).analyze();
    expect(receiptChecks.violations.map((violation) => violation.id)).toEqual([]);
    await page.goBack();

    // The On my way email waited out the Undo's seconds (20 s): it went in Spanish.
    const [onTheWay] = await waitForEmails(
      (message) => message.envelopeTo.includes(email) && /camino/.test(message.subject),
      1,
    );
    expect(onTheWay!.subject).toMatch(
      /^Alex va en camino y llega a eso de las? \d{1,2}:\d{2} [ap]\. m\.$/,
    );
    expect(onTheWay!.html).toContain('<html lang="es">');
    expect(onTheWay!.text).not.toMatch(/on the way|arriving/i);

    // After Done the page asks for a rating, in Spanish; the texts went in Spanish.
    await expect(page.getByRole("heading", { name: "¿Qué tal lo hizo Alex?" })).toBeVisible();
    await expect(page.getByRole("radio", { name: "5 estrellas" })).toBeAttached();
    await expectSpanishPrivatePage(page);
    if (databaseAvailable) {
      const texts = await queryRows<{ kind: string; body: string }>(
        "select t.kind, t.body from texts t join service_requests r on r.id = t.request_id where r.name = $1 and t.kind in ('text.on-the-way', 'text.done') order by t.created_at",
        [name],
      );
      expect(texts.map((text) => text.kind)).toEqual(["text.on-the-way", "text.done"]);
      expect(texts[0]!.body).toMatch(/: Alex va en camino, llega a eso de las /);
      expect(texts[1]!.body).toMatch(/: ya terminamos el trabajo en su secadora\. ¡Gracias!/);
      for (const text of texts) expect(text.body).not.toMatch(/[áíóú]/);
    }
  });
});

test.describe("writing and subscribing in Spanish", () => {
  sharedPageTest(
    "/es/contact with JavaScript: a Spanish notice, the acknowledgement in Spanish, the office told Prefers Spanish",
    async ({ page }) => {
      const name = uniqueName("Lucía");
      const email = `${name.split(" ")[1]!.toLowerCase()}-contacto@example.com`;
      await page.goto("/es/contact?region=Texas");
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      const form = page.getByRole("form", { name: "Envíenos un mensaje" });
      await form.getByRole("textbox", { name: "Nombre" }).fill(name);
      await form.getByRole("textbox", { name: "Apellido" }).fill("Martínez");
      await form.getByRole("textbox", { name: "Correo electrónico" }).fill(email);
      await form.getByRole("textbox", { name: "Teléfono" }).fill("7135550177");
      await form.getByRole("textbox", { name: "Asunto" }).fill("Pregunta de garantía");
      await form.getByRole("textbox", { name: "Mensaje" }).fill("¿La reparación tiene garantía?");
      await form.getByRole("button", { name: "Enviar mensaje" }).click();
      await expect(
        page.getByText("Su mensaje se envió correctamente.", { exact: true }),
      ).toBeVisible();
      const [acknowledgement] = await waitForEmails(
        (message) => message.envelopeTo.includes(email),
        1,
      );
      expect(acknowledgement!.subject).toBe("Recibimos su mensaje");
      expect(acknowledgement!.html).toContain('<html lang="es">');
      const [office] = await waitForEmails(
        (message) => message.text.includes(name) && !message.envelopeTo.includes(email),
        1,
      );
      expect(office!.subject).toMatch(/\(Prefers Spanish\)$/);
      if (databaseAvailable) {
        const rows = await queryRows("select language from contact_messages where name = $1", [
          name,
        ]);
        expect(rows).toEqual([{ language: "es" }]);
      }
    },
  );

  sharedPageTest(
    "the footer's newsletter on /es with JavaScript: a Spanish welcome, and its link opens a Spanish page",
    async ({ page }) => {
      const email = `${uniqueName("boletin").split(" ")[1]!.toLowerCase()}@example.com`;
      await page.goto("/es?region=Texas");
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      const form = page.locator("footer").getByRole("form", { name: "Suscripción al boletín" });
      await form.getByRole("textbox", { name: "Correo electrónico" }).fill(email);
      const [subscribe] = await Promise.all([
        page.waitForRequest((request) => request.url().includes("/api/send-subscribe-email")),
        form.getByRole("button", { name: "Suscribirse" }).click(),
      ]);
      expect(subscribe.postDataJSON()).toEqual({
        email,
        companyEmail: "texas@easyappliancerepair.com",
        language: "es",
      });
      await expect(
        page.getByText("Su suscripción se registró correctamente.", { exact: true }),
      ).toBeVisible();
      const [welcome] = await waitForEmails((message) => message.envelopeTo.includes(email), 1);
      expect(welcome!.subject).toMatch(/^Le damos la bienvenida al boletín de /);
      const link = /https?:\/\/[^\s]+\/unsubscribe\?token=[\w-]+/.exec(welcome!.text)?.[0];
      expect(link).toBeDefined();
      await page.goto(new URL(link!).pathname + new URL(link!).search);
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      await expect(
        page.getByRole("heading", { level: 1, name: "¿Cancelar su suscripción al boletín?" }),
      ).toBeVisible();
      expect((await axe(page).analyze()).violations.map((violation) => violation.id)).toEqual([]);
      await page.getByRole("button", { name: "Cancelar la suscripción" }).click();
      await expect(
        page.getByRole("heading", { level: 1, name: "Se canceló su suscripción" }),
      ).toBeVisible();
    },
  );
});
