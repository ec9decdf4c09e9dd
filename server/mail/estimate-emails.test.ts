import { expect, test } from "vitest";

import { brandName, profileForState } from "~/content/company";

import { isGsm7, textBodies } from "../texts/messages";
import type { MailContext } from "./context";
import { estimateSentEmail, type EstimateSent } from "./estimate-emails";
import { emailLogoPath } from "./format";
import { privateLinkIn, privateLinkPlaceholder } from "./private-links";

// "Alex sent an estimate: $195. Review and approve": the email's and the text's words.

const office = profileForState("texas");
const siteUrl = "https://repair.example.test";
const requestId = "5b0c7f8e-2d3a-4c1b-9e6f-0a1b2c3d4e5f";
const storedLink = privateLinkPlaceholder(siteUrl, requestId);

const context: MailContext = {
  from: { name: brandName, address: "no-reply@repair.example.test" },
  companyRecipient: office.email,
  office,
  siteUrl,
  siteHost: "repair.example.test",
  createdAt: new Date("2026-11-27T22:00:00Z"),
};

const estimate: EstimateSent = {
  requestId,
  email: "maria@example.com",
  appliance: "dryer",
  reference: "R-7K3F",
  technician: "Alex",
  lines: [
    { kind: "Part", description: "Igniter DC97-14486A", amount: "$95.00" },
    { kind: "Labour", description: "Replace the igniter and test two cycles", amount: "$100.00" },
  ],
  total: "$195.00",
  shortTotal: "$195",
  version: Date.parse("2026-11-27T21:58:00Z"),
  serviceCall: {
    serviceCallCents: 8900,
    serviceCallRule: "waived when you go ahead with the repair",
    serviceCallRuleEs: null,
  },
  requestUrl: `${siteUrl}/requests/tok`,
  language: "en",
};

test("the estimate's email: 'Alex sent an estimate: $195. Review and approve', branded, each line on a row of its own, the page's link", () => {
  const email = estimateSentEmail(estimate, context);
  expect(email.kind).toBe("estimate.sent.customer");
  // The technician's doing: the office's budget for the address (decision 0019).
  expect(email.cause).toBe("office");
  expect(email.message.to).toBe("maria@example.com");
  expect(email.message.subject).toBe("Alex sent an estimate: $195. Review and approve");
  const { html, text } = email.message;
  expect(html).toContain(`<img src="${siteUrl}${emailLogoPath}"`);
  expect(html).toContain("R-7K3F");
  // One row per line, the amount in its own cell; the total last.
  const rows = [
    ...html.matchAll(/<tr><td[^>]*>([^<]*)<\/td>\s*<td align="right"[^>]*>([^<]*)<\/td><\/tr>/g),
  ].map((match) => [match[1], match[2]]);
  expect(rows).toEqual([
    ["Part: Igniter DC97-14486A", "$95.00"],
    ["Labour: Replace the igniter and test two cycles", "$100.00"],
    ["Total", "$195.00"],
  ]);
  expect(text).toContain(
    [
      "Estimate:",
      "- Part: Igniter DC97-14486A, $95.00",
      "- Labour: Replace the igniter and test two cycles, $100.00",
      "Total: $195.00",
    ].join("\n"),
  );
  // The button goes to the estimate on the homeowner's page, stored as a placeholder.
  expect([...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1])).toEqual([
    `${storedLink}#estimate`,
  ]);
  expect(html).toContain(">Review and approve</a>");
  expect(text).toContain(`Review and approve: ${storedLink}#estimate`);
  expect(text).toContain("Service call: $89, waived when you go ahead with the repair.");
  expect(JSON.stringify(email.message)).not.toContain("/requests/tok");
  // A rewritten estimate is another email.
  const again = estimateSentEmail({ ...estimate, version: estimate.version + 60_000 }, context);
  expect(again.message.messageId).not.toBe(email.message.messageId);
});

test("the estimate's text: the company first, the same words, the page's link, plain GSM-7", () => {
  const body = textBodies.estimateSent(
    { office, appliance: "dryer", reference: "R-7K3F" },
    "Alex",
    "$195",
    storedLink,
  );
  expect(body).toBe(
    `${office.shortName}: Alex sent an estimate: $195. Review and approve: ${storedLink} Reply STOP to end texts.`,
  );
  // As sent: the worker puts the link in where the placeholder is.
  const sent = privateLinkIn(body, requestId, "Zq3x-9AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_");
  expect(sent).toContain(`${siteUrl}/requests/Zq3x-9AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_ `);
  expect(isGsm7(sent)).toBe(true);
  // Two segments at most, as the confirmation with its link.
  expect(sent.length).toBeLessThanOrEqual(2 * 153);
});
