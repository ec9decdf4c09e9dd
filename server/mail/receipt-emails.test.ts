import { expect, test } from "vitest";

import { brandName, profileForState } from "~/content/company";
import { receiptFacts, type ReceiptView } from "~/domain/estimate";

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
    },
    { ...context, createdAt: new Date("2026-11-23T22:10:00Z") },
  ).message;
  const repair = email();
  expect(serviceCall.messageId).toMatch(/^<receipt-req-9-\d+@repair\.example\.test>$/);
  expect(repair.messageId).not.toBe(serviceCall.messageId);
});
