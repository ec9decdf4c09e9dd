import { expect, test } from "vitest";

import { brandName, profileForState } from "~/content/company";
import { serviceRequestSchema } from "~/domain/service-request";

import type { MailContext } from "./context";
import { estimateSentEmail, type EstimateSent } from "./estimate-emails";
import { onTheWayEmail, partNeededEmail, type OnTheWay, type PartNeeded } from "./field-emails";
import type { OutgoingEmail } from "./message";
import { depositPaidEmail, payLinkEmail, type PayLinkFacts } from "./pay-link-emails";
import { privateLinkPlaceholder } from "./private-links";
import { repeatRequestEmails, type RepeatedRequest } from "./repeat-request-emails";
import { reviewRequestEmail, type ReviewRequest } from "./review-emails";
import {
  visitCancelledEmail,
  visitReminderEmail,
  visitRescheduledEmail,
  visitScheduledEmail,
  type VisitEmail,
} from "./visit-emails";

// Every email the homeowner gets after the confirmation is in Spanish when they booked on the
// Spanish pages (issue 39): the subject, the words, the facts' labels, the dates, `lang="es"`.
// Only what the office typed in English stays so (the service call's rule, the part's name).

const office = profileForState("texas");
const siteUrl = "https://repair.example.test";
const requestId = "5b0c7f8e-2d3a-4c1b-9e6f-0a1b2c3d4e5f";
const storedLink = privateLinkPlaceholder(siteUrl, requestId);
const rule = "waived when you go ahead with the repair";
const spanishDay = "martes 1 de diciembre de 2026, 8:00 a. m. - 12:00 p. m., hora del Centro";

const context: MailContext = {
  from: { name: brandName, address: "no-reply@repair.example.test" },
  companyRecipient: office.email,
  office,
  siteUrl,
  siteHost: "repair.example.test",
  createdAt: new Date("2026-11-30T15:00:00Z"),
};

const visit: VisitEmail = {
  requestId,
  name: "María López",
  email: "maria@example.com",
  appliance: "dryer",
  address: "1200 Main St, Houston, TX",
  date: "2026-12-01",
  window: "morning",
  technician: "Alex Rivera",
  sequence: 1,
  reference: "R-7K3F",
  serviceCall: { serviceCallCents: 8900, serviceCallRule: rule, serviceCallRuleEs: null },
  language: "es",
  requestUrl: `${siteUrl}/requests/tok`,
};

/** English that must not be left in a Spanish email's subject and text. */
const englishLeftovers = [
  /\byour?\b/i,
  /\bCall\b/,
  /\bQuestions\b/,
  /\bHello\b/,
  /\bvisit is\b/,
  /\bReference\b/,
  /\bTechnician\b/,
  /\bAppliance:/,
  /\bHours\b/,
  /Mon - Sat/,
  /\b[AP]M\b/,
  /\bCentral\b/,
  /\bService call\b/,
  /\bSee\b/,
  /\bThank\b/,
  /\bReminder\b/,
  /\bwe\b/i,
  /\bPay\b/,
  /\bBalance\b/,
  /\bPart\b/,
  /\bEstimate\b/,
  /\bLabour\b/,
];

/** The email is a Spanish document with no English sentence left but the office's own words. */
function expectSpanish(email: OutgoingEmail) {
  const { subject, text, html } = email.message;
  expect(html, email.kind).toContain('<html lang="es">');
  const words = `${subject}\n${text}`.replaceAll(rule, "");
  for (const english of englishLeftovers) expect(words, email.kind).not.toMatch(english);
  // "de 8:00 a. m. a 6:00 p. m." ends a sentence with its own full stop.
  expect(words, email.kind).not.toContain("m..");
}

/** The facts box's rows, label → value. */
function factsOf(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<td valign="top"[^>]*>([^<]+)<\/td><td[^>]*>([^<]+)<\/td>/g)].map(
      (match) => [match[1], match[2]],
    ),
  );
}

test("the visit booked, in Spanish: subject with the Spanish day, facts, the office's rule as typed, lang=es", () => {
  const email = visitScheduledEmail(visit, context);
  expect(email.message.subject).toBe(`Su visita de reparación está confirmada: ${spanishDay}`);
  expectSpanish(email);
  expect(factsOf(email.message.html)).toEqual({
    Referencia: "R-7K3F",
    Electrodoméstico: "secadora",
    Visita: spanishDay,
    Técnico: "Alex",
    "Cargo por visita": `$89 (condición de la oficina, en inglés: “${rule}”)`,
  });
  expect(email.message.html).toContain(">Ver o cambiar su visita</a>");
  expect(email.message.text).toContain(
    `Su visita de reparación para su secadora está confirmada para el ${spanishDay}.`,
  );
  expect(email.message.text).toContain("Easy Appliance Repair de Texas");
  // Its calendar event is the Spanish one too.
  const ics = String(email.message.attachments?.[0]?.content ?? "");
  expect(ics).toContain("SUMMARY:Visita de reparación de secadora");
});

test("the office's rule written in Spanish is the Spanish email's, unquoted; the English email keeps the English", () => {
  const ruleEs = "se descuenta si sigue adelante con la reparación";
  const serviceCall = { serviceCallCents: 8900, serviceCallRule: rule, serviceCallRuleEs: ruleEs };
  const spanish = visitScheduledEmail({ ...visit, serviceCall }, context);
  expect(factsOf(spanish.message.html)["Cargo por visita"]).toBe(`$89, ${ruleEs}`);
  expect(spanish.message.text).not.toContain(rule);
  const english = visitScheduledEmail({ ...visit, serviceCall, language: "en" }, context);
  expect(english.message.text).toContain(`$89, ${rule}`);
  expect(english.message.text).not.toContain(ruleEs);
});

test("a warranty visit and a return visit in Spanish", () => {
  const warranty = visitScheduledEmail(
    { ...visit, visitNumber: 2, warrantyCallback: true },
    context,
  );
  expect(warranty.message.subject).toBe(`Su visita de garantía está confirmada: ${spanishDay}`);
  expect(factsOf(warranty.message.html)["Cargo por visita"]).toBe("Sin cargo: visita de garantía");
  expectSpanish(warranty);

  const returning = visitScheduledEmail({ ...visit, visitNumber: 2, part: "Igniter" }, context);
  expect(returning.message.subject).toBe(`Su visita de regreso está confirmada: ${spanishDay}`);
  expect(returning.message.text).toContain("Le llevaremos la pieza: Igniter.");
  expectSpanish(returning);
});

test("the reminder, the moved visit and the cancelled one in Spanish", () => {
  const reminder = visitReminderEmail(visit, context);
  expect(reminder.message.subject).toBe("Recordatorio: su visita de reparación es mañana");
  expect(reminder.message.text).toContain(`Su visita de reparación es mañana, ${spanishDay}.`);
  expect(reminder.message.text).toContain("Alex irá a reparar su secadora.");
  expectSpanish(reminder);

  const moved = visitRescheduledEmail(visit, context);
  expect(moved.message.subject).toBe(`Nuevo horario de su visita: ${spanishDay}`);
  expect(moved.message.text).toContain(`Ver o cambiar su visita: ${storedLink}`);
  expectSpanish(moved);

  const cancelled = visitCancelledEmail(visit, context, "customer");
  expect(cancelled.message.subject).toBe("Su visita de reparación fue cancelada");
  expect(cancelled.message.text).toContain(
    `Tal como nos pidió, cancelamos la visita para reparar su secadora del ${spanishDay}.`,
  );
  expectSpanish(cancelled);
  const unscheduled = visitCancelledEmail(
    { ...visit, date: null, window: null },
    context,
    "office",
  );
  expect(unscheduled.message.subject).toBe("Su solicitud de reparación fue cancelada");
  expectSpanish(unscheduled);
});

const tap: OnTheWay = {
  requestId,
  email: "maria@example.com",
  appliance: "dryer",
  reference: "R-7K3F",
  technician: "Alex",
  arrivingAbout: "10:40 AM",
  tapId: "tap-1",
  requestUrl: `${siteUrl}/requests/tok`,
  language: "es",
};

test("On my way and Needs a part in Spanish: the time as Spanish writes it, the part as typed", () => {
  const onTheWay = onTheWayEmail(tap, context);
  expect(onTheWay.message.subject).toBe("Alex va en camino y llega a eso de las 10:40 a. m.");
  expect(factsOf(onTheWay.message.html)["Llega a eso de"]).toBe("10:40 a. m., hora del Centro");
  expectSpanish(onTheWay);
  expect(onTheWayEmail({ ...tap, arrivingAbout: "1:15 PM" }, context).message.subject).toBe(
    "Alex va en camino y llega a eso de la 1:15 p. m.",
  );

  const part: PartNeeded = {
    ...tap,
    part: "Igniter DC97-14486A",
    price: "$275.00",
    deposit: 13800,
  };
  const partNeeded = partNeededEmail(part, context);
  expect(partNeeded.message.subject).toBe("Esperando una pieza para su secadora");
  expect(factsOf(partNeeded.message.html)).toMatchObject({
    "Pieza necesaria": "Igniter DC97-14486A",
    "Precio de la pieza": "$275.00",
    "Depósito por la pieza": "$138.00",
  });
  expect(partNeeded.message.html).toContain(
    ">Aprobar y pagar el depósito de $138 por la pieza</a>",
  );
  expectSpanish(partNeeded);
  expectSpanish(partNeededEmail({ ...part, deposit: null, price: null }, context));
});

const estimate: EstimateSent = {
  requestId,
  email: "maria@example.com",
  appliance: "dryer",
  reference: "R-7K3F",
  technician: "Alex",
  lines: [
    { kind: "Part", description: "Igniter DC97-14486A", amount: "$95.00" },
    { kind: "Labour", description: "Replace the igniter", amount: "$100.00" },
  ],
  total: "$195.00",
  shortTotal: "$195",
  version: 1,
  serviceCall: { serviceCallCents: 8900, serviceCallRule: rule, serviceCallRuleEs: null },
  requestUrl: `${siteUrl}/requests/tok`,
  language: "es",
};

test("the estimate in Spanish: the text's words, the lines' kinds in Spanish, the descriptions as written", () => {
  const email = estimateSentEmail(estimate, context);
  expect(email.message.subject).toBe("Alex le manda un presupuesto de $195. Véalo y apruébelo");
  expect(email.message.text).toContain(
    [
      "Presupuesto:",
      "- Pieza: Igniter DC97-14486A, $95.00",
      "- Mano de obra: Replace the igniter, $100.00",
      "Total: $195.00",
    ].join("\n"),
  );
  expect(email.message.text).toContain(
    `Cargo por visita: $89 (condición de la oficina, en inglés: “${rule}”).`,
  );
  expect(email.message.html).toContain(">Revisar y aprobar</a>");
  // The technician's own words aside, nothing English.
  expectSpanish({
    ...email,
    message: { ...email.message, text: email.message.text.replaceAll("Replace the igniter", "") },
  });
});

test("the pay link and the paid deposit in Spanish", () => {
  const facts: PayLinkFacts = {
    requestId,
    paymentId: "pay-1",
    email: "maria@example.com",
    appliance: "dryer",
    reference: "R-7K3F",
    due: "$245.00",
    url: "https://checkout.stripe.com/c/pay/cs_test_1",
    requestUrl: `${siteUrl}/requests/tok`,
    language: "es",
  };
  const payLink = payLinkEmail(facts, context);
  expect(payLink.message.subject).toBe("Saldo de su reparación: $245.00. Pague con tarjeta");
  expect(payLink.message.html).toContain(">Pagar $245.00 con tarjeta</a>");
  expectSpanish(payLink);

  const deposit = depositPaidEmail(
    { ...facts, part: "Igniter", amount: "$138.00", card: "4242" },
    context,
  );
  expect(deposit.message.subject).toBe("Recibimos su depósito de $138.00 por la pieza");
  expect(factsOf(deposit.message.html).Pagado).toBe("$138.00 con tarjeta ····4242");
  expectSpanish(deposit);
});

test("the review request and its reminder in Spanish, as the text asks", () => {
  const request: ReviewRequest = {
    requestId,
    email: "maria@example.com",
    appliance: "dryer",
    reference: "R-7K3F",
    technician: "Alex",
    googleReviewsUrl: "https://g.page/r/example/review",
    language: "es",
  };
  const asked = reviewRequestEmail(request, context);
  expect(asked.message.subject).toBe("¿Qué tal lo hizo Alex?");
  expect(asked.message.html).toContain(">Calificar su reparación</a>");
  expect(asked.message.text).toContain(
    "Déjenos una reseña en Google: https://g.page/r/example/review",
  );
  expectSpanish(asked);
  const reminded = reviewRequestEmail(request, context, { reminder: true });
  expect(reminded.message.subject).toBe("Recordatorio: ¿Qué tal lo hizo Alex?");
  expect(reminded.message.text).toContain("Este es el único recordatorio.");
  expectSpanish(reminded);
});

test("a repeat request: the homeowner's link again in Spanish, the office's notice in English", () => {
  const first: RepeatedRequest = {
    id: requestId,
    email: "maria@example.com",
    appliance: "dryer",
    requestUrl: `${siteUrl}/requests/tok`,
    changes: [],
    language: "es",
  };
  const repeat = serviceRequestSchema.parse({
    selectedAppliance: "dryer",
    name: "María López",
    email: "maria@example.com",
    phone: "(713) 555-0142",
    address: "1200 Main St, Houston, TX",
  });
  const [officeNotice, homeowner] = repeatRequestEmails(first, { ...repeat, id: "r-2" }, context);
  expect(officeNotice!.message.subject).toMatch(/^Repeat request: Dryer/);
  expect(officeNotice!.message.html).toContain('<html lang="en">');
  expect(homeowner!.message.subject).toBe("Su solicitud para reparar su secadora");
  expect(homeowner!.message.text).toContain(`Siga, cambie o cancele su solicitud: ${storedLink}`);
  expectSpanish(homeowner!);
});

test("the same emails for an English request keep their English words", () => {
  const english = { language: "en" } as const;
  const subjects = [
    visitScheduledEmail({ ...visit, ...english }, context),
    visitReminderEmail({ ...visit, ...english }, context),
    visitRescheduledEmail({ ...visit, ...english }, context),
    visitCancelledEmail({ ...visit, ...english }, context, "customer"),
    onTheWayEmail({ ...tap, ...english }, context),
    partNeededEmail({ ...tap, ...english, part: "Igniter" }, context),
    estimateSentEmail({ ...estimate, ...english }, context),
    reviewRequestEmail(
      { ...tap, ...english, googleReviewsUrl: "https://g.page/r/example/review" },
      context,
    ),
  ].map((email) => {
    expect(email.message.html, email.kind).toContain('<html lang="en">');
    return email.message.subject;
  });
  expect(subjects).toEqual([
    "Your repair visit is booked: Tue, Dec 1, 8:00 AM - 12:00 PM Central",
    "Reminder: your repair visit is tomorrow",
    "Your new visit time: Tue, Dec 1, 8:00 AM - 12:00 PM Central",
    "Your repair visit is cancelled",
    "Alex is on the way, arriving about 10:40 AM",
    "Waiting for a part for your dryer",
    "Alex sent an estimate: $195. Review and approve",
    "How did Alex do?",
  ]);
});
