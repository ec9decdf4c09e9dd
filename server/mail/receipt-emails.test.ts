import { expect, test } from "vitest";

import { brandName, profileForState } from "~/content/company";
import {
  declinedLine,
  receiptFacts,
  serviceCallWaivedLine,
  spanishServiceCallWorkDone,
  warrantyLine,
  type ReceiptView,
} from "~/domain/estimate";

import type { MailContext } from "./context";
import { receiptEmail } from "./receipt-emails";

// The receipt email lists its lines on lines of their own, in the HTML as in the text, and says
// when the service call was waived because the homeowner went ahead.

const office = profileForState("texas");

const context: MailContext = {
  from: { name: brandName, address: "no-reply@repair.example.test" },
  companyRecipient: office.email,
  office,
  siteUrl: "https://repair.example.test",
  siteHost: "repair.example.test",
  createdAt: new Date("2026-11-27T23:00:00Z"),
};

const receipt: ReceiptView = {
  forServiceCall: false,
  reference: "R-7K3F",
  company: {
    name: office.name,
    street: office.street,
    region: office.region,
    phone: "(713) 555-0100",
  },
  date: "Nov 27, 2026",
  visits: [
    "First visit: Mon, Nov 23, 12:00 PM - 4:00 PM Central (needed a part)",
    "Return visit: Fri, Nov 27, 4:00 PM - 6:00 PM Central (done)",
  ],
  technician: "Alex",
  appliance: "Dryer",
  brand: "Samsung",
  model: "DVG45R6100C",
  serialNumber: "0B7H5AEN400123",
  workDone: "Replaced the igniter",
  partsUsed: "DC97-14486A igniter",
  estimate: {
    lines: [
      { kind: "Part", description: "Igniter DC97-14486A", amount: "$145.00" },
      { kind: "Labour", description: "Replace the igniter and test two cycles", amount: "$100.00" },
    ],
    total: "$245.00",
    totalCents: 24500,
    writtenAt: "Nov 27, 4:40 PM Central",
    version: "2026-11-27T22:40:00.000Z",
    decision: { decision: "approved", text: "Approved by Maria Lopez on the customer's page" },
    declinedChargeCents: null,
    declinedText: null,
  },
  serviceCallWaived: "Service call $89: waived",
  payment: { method: "Card", amount: "$245.00", date: "Nov 27, 2026" },
  warranty: "90 days on parts and labour, until Feb 25, 2027",
  ledger: [],
  balance: "$0.00",
};

function email(view: ReceiptView = receipt) {
  return receiptEmail(
    {
      requestId: "req-9",
      email: "maria@example.com",
      appliance: "dryer",
      receipt: view,
      hasLink: true,
      language: "en",
    },
    context,
  ).message;
}

test("each line of the receipt is a row of its own in the HTML, the waived service call among them", () => {
  const { html } = email();
  const rows = [
    ...html.matchAll(/<tr><td[^>]*>([^<]*)<\/td>\s*<td align="right"[^>]*>([^<]*)<\/td><\/tr>/g),
  ].map((match) => [match[1], match[2]]);
  expect(rows).toEqual([
    ["Part: Igniter DC97-14486A", "$145.00"],
    ["Labour: Replace the igniter and test two cycles", "$100.00"],
    ["Service call $89: waived", ""],
    ["Estimate total", "$245.00"],
  ]);
  // No paragraph holds two lines run together.
  expect(html).not.toMatch(/\$145\.00\s*\n?\s*Labour/);
  // The visits, one fact of two lines, keep their lines.
  expect(html).toContain(`white-space:pre-line">${receipt.visits.join("\n")}</td>`);
});

test("the text lists each line, and each visit, on a line of its own", () => {
  const { text } = email();
  const lines = text.split("\n");
  for (const expected of [
    "- Part: Igniter DC97-14486A, $145.00",
    "- Labour: Replace the igniter and test two cycles, $100.00",
    "- Service call $89: waived",
    "Estimate total: $245.00",
    `Visits: ${receipt.visits[0]}`,
    `  ${receipt.visits[1]}`,
    "Payment: $245.00 by card on Nov 27, 2026",
  ]) {
    expect(lines, expected).toContain(expected);
  }
  // The facts the receipt page shows are the email's: the visits one fact of two lines.
  expect(
    receiptFacts(receipt)
      .find((fact) => fact.label === "Visits")
      ?.value.split("\n"),
  ).toEqual(receipt.visits);
});

test("declined or without a fee, nothing is said waived", () => {
  const declined = email({
    ...receipt,
    serviceCallWaived: null,
    estimate: {
      ...receipt.estimate!,
      decision: { decision: "declined", text: "Declined by Maria Lopez on the customer's page" },
      declinedChargeCents: 8900,
      declinedText: "Declined: the charge is the $89 service call",
    },
    payment: { method: "Card", amount: "$89.00", date: "Nov 27, 2026" },
  });
  expect(declined.text + declined.html).not.toContain("waived");
  expect(declined.text).toContain("Declined: the charge is the $89 service call.");
});

test("the service call's receipt and the repair's, paid on visits of one request, have Message-IDs of their own", () => {
  const serviceCall = receiptEmail(
    {
      requestId: "req-9",
      email: "maria@example.com",
      appliance: "dryer",
      receipt: { ...receipt, forServiceCall: true, estimate: null, warranty: null },
      hasLink: true,
      language: "en",
    },
    { ...context, createdAt: new Date("2026-11-23T22:10:00Z") },
  ).message;
  const repair = email();
  expect(serviceCall.messageId).toMatch(/^<receipt-req-9-\d+@repair\.example\.test>$/);
  expect(repair.messageId).not.toBe(serviceCall.messageId);
});

/** The receipt as `receiptViewOf(…, "es")` builds it for a Spanish request (issue 39). */
const spanishReceipt: ReceiptView = {
  ...receipt,
  date: "27 de noviembre de 2026",
  visits: [
    "Primera visita: lunes 23 de noviembre de 2026, 12:00 p. m. - 4:00 p. m., hora del Centro (necesitó una pieza)",
  ],
  appliance: "secadora",
  serviceCallWaived: serviceCallWaivedLine(8900, "es"),
  payment: { method: "Tarjeta ····4242", amount: "$245.00", date: "27 de noviembre de 2026" },
  ledger: [{ label: "Pago", value: "$245.00 con tarjeta ····4242 el 27 de noviembre de 2026" }],
  warranty: warrantyLine(90, "2027-02-25", "es"),
};

function spanishEmail(view: ReceiptView = spanishReceipt, refunded?: string) {
  return receiptEmail(
    {
      requestId: "req-9",
      email: "maria@example.com",
      appliance: "dryer",
      receipt: view,
      hasLink: true,
      language: "es",
      ...(refunded ? { refunded } : {}),
    },
    context,
  ).message;
}

test("a Spanish request's receipt: Spanish subject, labels, lines, warranty and words; lang=es", () => {
  const { subject, html, text } = spanishEmail();
  expect(subject).toBe("Su recibo de la reparación de su secadora");
  expect(html).toContain('<html lang="es">');
  expect(html).toContain(">Ver e imprimir el recibo</a>");
  for (const expected of [
    "Referencia: R-7K3F",
    "Fecha: 27 de noviembre de 2026",
    "Técnico: Alex",
    "Electrodoméstico: secadora",
    "Marca: Samsung",
    "Trabajo realizado: Replaced the igniter",
    "Pago: $245.00 con tarjeta ····4242 el 27 de noviembre de 2026",
    "Saldo: $0.00",
    "Garantía: 90 días en piezas y mano de obra, hasta el 25 de febrero de 2027",
    "Presupuesto:",
    "- Pieza: Igniter DC97-14486A, $145.00",
    "- Mano de obra: Replace the igniter and test two cycles, $100.00",
    "- Cargo por visita de $89: descontado",
    "Total del presupuesto: $245.00",
    "Gracias por elegir a Easy Appliance Repair. Alex reparó su secadora.",
    "Easy Appliance Repair de Texas",
  ]) {
    expect(text.split("\n"), expected).toContain(expected);
  }
  // The technician's own words aside, nothing English is left.
  const words = `${subject}\n${text}`
    .replace("Replaced the igniter", "")
    .replace("Replace the igniter and test two cycles", "");
  for (const english of [
    /\byour?\b/i,
    /\bReceipt\b/,
    /\bWarranty\b/,
    /\bdays\b/,
    /\bPart\b/,
    /\bLabour\b/,
    /\bwaived\b/,
    /\bEstimate\b/,
    /\bCall\b/,
    /\bThank\b/,
    /\bBalance\b/,
    /\bNot recorded\b/,
    /\bService call\b/,
  ]) {
    expect(words).not.toMatch(english);
  }
});

test("a Spanish service call's receipt, a declined estimate and a refund", () => {
  const serviceCall = spanishEmail({
    ...spanishReceipt,
    forServiceCall: true,
    estimate: null,
    warranty: null,
    serviceCallWaived: null,
    workDone: spanishServiceCallWorkDone,
  });
  expect(serviceCall.subject).toBe("Su recibo del cargo por visita para su secadora");
  expect(serviceCall.text).toContain(
    "Alex no pudo reparar su secadora en esta visita: este recibo es por el cargo por visita.",
  );
  const declined = spanishEmail({
    ...spanishReceipt,
    serviceCallWaived: null,
    estimate: {
      ...spanishReceipt.estimate!,
      declinedChargeCents: 8900,
      declinedText: declinedLine(8900, "es"),
    },
  });
  expect(declined.text).toContain(
    "Presupuesto rechazado: solo se cobra el cargo por visita de $89.",
  );
  const refund = spanishEmail(spanishReceipt, "$50.00");
  expect(refund.subject).toBe("Su recibo actualizado: le reembolsamos $50.00");
  expect(refund.text).toContain("días hábiles");
  // English stays English.
  expect(declinedLine(8900)).toBe("Declined: the charge is the $89 service call");
  expect(warrantyLine(90, "2027-02-25")).toBe("90 days on parts and labour, until Feb 25, 2027");
});
