import { expect, test } from "vitest";

import { brandName, profileForState } from "~/content/company";
import { serviceRequestSchema } from "~/domain/service-request";

import type { MailContext } from "./context";
import { emailLogoPath } from "./format";
import type { OutgoingEmail } from "./message";
import { privateLinkPlaceholder } from "./private-links";
import { serviceRequestEmails } from "./service-request-emails";
import { visitReminderEmail, visitScheduledEmail, type VisitEmail } from "./visit-emails";

// The visit booked and the evening-before reminder look like the booking's confirmation: the
// logo, the reference and the fee in the facts box, one button to the private page.

const office = profileForState("texas");
const siteUrl = "https://repair.example.test";
const storedLink = privateLinkPlaceholder(siteUrl, "req-7");

const context: MailContext = {
  from: { name: brandName, address: "no-reply@repair.example.test" },
  companyRecipient: office.email,
  office,
  siteUrl,
  siteHost: "repair.example.test",
  createdAt: new Date("2026-11-20T15:00:00Z"),
};

const booked: VisitEmail = {
  requestId: "req-7",
  name: "Maria Lopez",
  email: "maria@example.com",
  appliance: "dryer",
  address: "1200 Main St, Houston, TX",
  date: "2026-11-27",
  window: "evening",
  technician: "Alex Rivera",
  sequence: 1,
  reference: "R-7K3F",
  serviceCall: {
    serviceCallCents: 8900,
    serviceCallRule: "waived when you go ahead with the repair",
    serviceCallRuleEs: null,
  },
  language: "en",
  requestUrl: `${siteUrl}/requests/tok`,
};

function confirmation(): OutgoingEmail {
  const request = serviceRequestSchema.parse({
    selectedAppliance: "dryer",
    name: "Maria Lopez",
    email: "maria@example.com",
    phone: "(713) 555-0142",
    address: "1200 Main St, Houston, TX",
    preferredDate: "2026-11-27",
    preferredTime: "evening",
  });
  const [, customer] = serviceRequestEmails(
    { ...request, id: "req-7", reference: "R-7K3F", requestUrl: `${siteUrl}/requests/tok` },
    context,
  );
  return customer!;
}

/** The layout's parts: what the confirmation's HTML is made of, whatever the words. */
function layoutOf(html: string) {
  return {
    logo: html.includes(`<img src="${siteUrl}${emailLogoPath}"`),
    brandBar: html.includes("border-bottom:4px solid #1d4ed8"),
    factsBox: html.includes("background:#eff6ff"),
    button: /<a href="[^"]+" style="display:inline-block;background:#1d4ed8/.test(html),
    footerRule: html.includes('<hr style="border:none;border-top:1px solid #e2e8f0'),
  };
}

/** The facts box's rows, label → value. */
function factsOf(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<td valign="top"[^>]*>([^<]+)<\/td><td[^>]*>([^<]+)<\/td>/g)].map(
      (match) => [match[1], match[2]],
    ),
  );
}

test("the visit booked and the reminder are in the confirmation's branded layout: logo, reference, visit, fee, one button", () => {
  const expected = layoutOf(confirmation().message.html);
  expect(Object.values(expected).every(Boolean)).toBe(true);
  for (const email of [visitScheduledEmail(booked, context), visitReminderEmail(booked, context)]) {
    const { html, text } = email.message;
    expect(layoutOf(html), email.kind).toEqual(expected);
    expect(factsOf(html), email.kind).toEqual({
      Reference: "R-7K3F",
      Appliance: "Dryer",
      Visit: "Fri, Nov 27, 4:00 PM - 6:00 PM Central",
      Technician: "Alex",
      "Service call": "$89, waived when you go ahead with the repair",
    });
    // The one link is the homeowner's page, as the button.
    expect([...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1])).toEqual([storedLink]);
    expect(html).toContain(">See or change your visit</a>");
    // The same in the plain text: the facts first, then the link, the words, the office.
    expect(text).toContain("Reference: R-7K3F");
    expect(text).toContain("Service call: $89, waived when you go ahead with the repair");
    expect(text).toContain(`See or change your visit: ${storedLink}`);
    expect(text).toContain(office.hours);
    // Only the technician's first name; nothing the homeowner typed.
    expect(html + text).not.toContain("Rivera");
    expect(html + text).not.toContain("Maria");
    expect(html + text).not.toContain("Main St");
  }
  const scheduled = visitScheduledEmail(booked, context);
  expect(scheduled.message.subject).toBe(
    "Your repair visit is booked: Fri, Nov 27, 4:00 PM - 6:00 PM Central",
  );
  expect(scheduled.message.attachments).toHaveLength(1);
  const reminder = visitReminderEmail(booked, context);
  expect(reminder.message.subject).toBe("Reminder: your repair visit is tomorrow");
  expect(reminder.message.text).toContain(
    "Your repair visit is tomorrow, Fri, Nov 27, 4:00 PM - 6:00 PM Central.",
  );
});

test("a warranty visit is no charge, a return visit names no fee, and an older request has no reference", () => {
  const warranty = visitScheduledEmail(
    { ...booked, visitNumber: 2, warrantyCallback: true },
    context,
  );
  expect(factsOf(warranty.message.html)["Service call"]).toBe("No charge: warranty visit");
  expect(warranty.message.subject).toMatch(/^Your warranty visit is booked/);

  const returning = visitScheduledEmail({ ...booked, visitNumber: 2, part: "Igniter" }, context);
  expect(factsOf(returning.message.html)).not.toHaveProperty("Service call");
  expect(returning.message.text).toContain("We will bring the part: Igniter.");

  const older = visitReminderEmail({ ...booked, reference: null, serviceCall: null }, context);
  expect(factsOf(older.message.html)).toEqual({
    Appliance: "Dryer",
    Visit: "Fri, Nov 27, 4:00 PM - 6:00 PM Central",
    Technician: "Alex",
  });
  expect(older.message.text).not.toContain("Reference");
});
