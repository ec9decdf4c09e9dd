import ICAL from "ical.js";
import { expect, test } from "vitest";

import { brandName, profileForState } from "~/content/company";
import { serviceRequestSchema } from "~/domain/service-request";

import { calendarInvite, visitUid, type CalendarEvent } from "./calendar";
import type { MailContext } from "./context";
import type { OutgoingEmail } from "./message";
import { privateLinkPlaceholder, withPrivateLink } from "./private-links";
import { serviceRequestEmails } from "./service-request-emails";
import {
  officeVisitChangeEmail,
  visitCancelledEmail,
  visitReminderEmail,
  visitRescheduledEmail,
  visitScheduledEmail,
  type VisitEmail,
} from "./visit-emails";

const office = profileForState("new-jersey");
const requestUrl = "https://repair.example.test/requests/tok_3f9a";
/** What the stored emails about req-42 carry instead of its link (the worker fills it in). */
const storedLink = privateLinkPlaceholder("https://repair.example.test", "req-42");

function contextAt(createdAt: string): MailContext {
  return {
    from: { name: brandName, address: "no-reply@repair.example.test" },
    companyRecipient: office.email,
    office,
    siteUrl: "https://repair.example.test",
    siteHost: "repair.example.test",
    createdAt: new Date(createdAt),
  };
}

const visit: VisitEmail = {
  requestId: "req-42",
  name: "Jane Doe",
  email: "jane.doe@example.com",
  appliance: "refrigerator",
  address: "12 Elm St, Princeton, NJ 08540",
  date: "2026-12-01",
  window: "morning",
  sequence: 0,
  language: "en",
  requestUrl,
};

/** The iTIP method and the one event of an `.ics` file, as a calendar reads them. */
function readCalendar(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const event = calendar.getFirstSubcomponent("vevent");
  if (!event) throw new Error(`No VEVENT in:\n${ics}`);
  const instant = (name: string) => {
    const value = event.getFirstPropertyValue(name);
    if (!(value instanceof ICAL.Time)) throw new Error(`${name} is not a date-time`);
    return value.toJSDate().toISOString();
  };
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event.getFirstPropertyValue("uid"),
    sequence: event.getFirstPropertyValue("sequence"),
    status: event.getFirstPropertyValue("status"),
    start: instant("dtstart"),
    end: instant("dtend"),
    stamp: instant("dtstamp"),
    summary: event.getFirstPropertyValue("summary"),
    location: event.getFirstPropertyValue("location"),
    description: event.getFirstPropertyValue("description"),
    url: event.getFirstPropertyValue("url"),
    organizer: event.getFirstPropertyValue("organizer"),
    attendee: event.getFirstPropertyValue("attendee"),
    attendeeParameters: {
      cn: event.getFirstProperty("attendee")?.getParameter("cn"),
      role: event.getFirstProperty("attendee")?.getParameter("role"),
      partstat: event.getFirstProperty("attendee")?.getParameter("partstat"),
      rsvp: event.getFirstProperty("attendee")?.getParameter("rsvp"),
    },
  };
}

function calendarFileOf(email: OutgoingEmail) {
  const attachments = email.message.attachments ?? [];
  expect(attachments).toHaveLength(1);
  const [file] = attachments;
  if (!file) throw new Error("No calendar file");
  return { contentType: file.contentType, ...readCalendar(file.content) };
}

function confirmationOf(preferredDate: string, preferredTime: string): OutgoingEmail {
  const request = serviceRequestSchema.parse({
    selectedAppliance: "refrigerator",
    name: "Jane Doe",
    email: "jane.doe@example.com",
    phone: "(609) 555-0100",
    address: "12 Elm St, Princeton, NJ 08540",
    preferredDate,
    preferredTime,
  });
  const emails = serviceRequestEmails(
    { ...request, id: "req-42", reference: "R-7K3F", requestUrl },
    contextAt("2026-11-20T15:00:00Z"),
  );
  const confirmation = emails.find((email) => email.kind === "service-request.customer");
  if (!confirmation) throw new Error("No confirmation");
  return confirmation;
}

test("a visit's confirmation, booking, move and cancellation update one event in the homeowner's calendar", () => {
  const files = [
    calendarFileOf(confirmationOf("2026-12-01", "morning")),
    calendarFileOf(
      visitScheduledEmail(
        { ...visit, sequence: 1, technician: "Mike Rivera" },
        contextAt("2026-11-21T15:00:00Z"),
      ),
    ),
    calendarFileOf(
      visitRescheduledEmail(
        { ...visit, sequence: 2, date: "2026-12-03", window: "afternoon" },
        contextAt("2026-11-22T15:00:00Z"),
      ),
    ),
    calendarFileOf(
      visitCancelledEmail(
        { ...visit, sequence: 3, date: "2026-12-03", window: "afternoon" },
        contextAt("2026-11-23T15:00:00Z"),
        "customer",
      ),
    ),
  ];

  expect(files.map((file) => file.uid)).toEqual(
    Array(4).fill(visitUid("req-42", "repair.example.test")),
  );
  expect(files[0]?.uid).toBe("service-request-req-42@repair.example.test");
  expect(files.map((file) => file.sequence)).toEqual([0, 1, 2, 3]);
  expect(files.map((file) => file.method)).toEqual(["REQUEST", "REQUEST", "REQUEST", "CANCEL"]);
  expect(files.map((file) => file.contentType)).toEqual([
    "text/calendar; charset=utf-8; method=REQUEST",
    "text/calendar; charset=utf-8; method=REQUEST",
    "text/calendar; charset=utf-8; method=REQUEST",
    "text/calendar; charset=utf-8; method=CANCEL",
  ]);
  expect(files.map((file) => file.status)).toEqual([
    "TENTATIVE",
    "CONFIRMED",
    "TENTATIVE",
    "CANCELLED",
  ]);
  // Morning (8:00 to 12:00) and afternoon (12:00 to 16:00) in New York, UTC-5 in December.
  expect(files.map((file) => [file.start, file.end])).toEqual([
    ["2026-12-01T13:00:00.000Z", "2026-12-01T17:00:00.000Z"],
    ["2026-12-01T13:00:00.000Z", "2026-12-01T17:00:00.000Z"],
    ["2026-12-03T17:00:00.000Z", "2026-12-03T21:00:00.000Z"],
    ["2026-12-03T17:00:00.000Z", "2026-12-03T21:00:00.000Z"],
  ]);
  expect(files.map((file) => file.stamp)).toEqual([
    "2026-11-20T15:00:00.000Z",
    "2026-11-21T15:00:00.000Z",
    "2026-11-22T15:00:00.000Z",
    "2026-11-23T15:00:00.000Z",
  ]);
  for (const file of files) {
    expect(file.organizer).toBe(`mailto:${office.email}`);
    expect(file.attendee).toBe("mailto:jane.doe@example.com");
    // The homeowner's name is what a stranger may have typed: not in their calendar.
    expect(file.attendeeParameters).toEqual({
      cn: undefined,
      role: "REQ-PARTICIPANT",
      partstat: "ACCEPTED",
      rsvp: "FALSE",
    });
    expect(file.summary).toBe(`Refrigerator repair visit: ${office.shortName}`);
    expect(file.location).toBe("12 Elm St, Princeton, NJ 08540");
    expect(file.url).toBe(storedLink);
    expect(file.description).toContain(storedLink);
  }
  expect(files[1]?.description).toContain("Technician: Mike.");
});

test("a long description folds into lines of at most 75 octets and still parses whole", () => {
  const description = `${"Ice maker leaking onto the floor, café tiles — ".repeat(20)}🧊 end`;
  const ics = calendarInvite({
    method: "REQUEST",
    status: "TENTATIVE",
    uid: visitUid("req-7", "repair.example.test"),
    sequence: 0,
    stamp: new Date("2026-11-20T15:00:00Z"),
    date: "2026-12-01",
    start: "08:00",
    end: "12:00",
    timeZone: "America/Chicago",
    summary: "Refrigerator repair visit",
    location: "1200 Main St, Houston, TX",
    description,
    organizer: { name: office.name, email: office.email },
  });
  const lines = ics.split("\r\n");
  expect(lines.some((line) => line.startsWith(" "))).toBe(true);
  for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  const event = readCalendar(ics);
  expect(event.description).toBe(description);
  // 8:00 to 12:00 Central Standard Time (UTC-6).
  expect([event.start, event.end]).toEqual([
    "2026-12-01T14:00:00.000Z",
    "2026-12-01T18:00:00.000Z",
  ]);
});

test("text with semicolons, commas, backslashes and line breaks comes back as written", () => {
  const tricky = "Gate code; 1234, then the side door \\ garage\nRing twice,\nwait; thanks";
  const event: CalendarEvent = {
    method: "CANCEL",
    status: "CANCELLED",
    uid: visitUid("req-8", "repair.example.test"),
    sequence: 5,
    stamp: new Date("2026-11-20T15:00:00Z"),
    date: "2026-07-15",
    start: "16:00",
    end: "18:00",
    timeZone: "America/New_York",
    summary: tricky,
    location: tricky,
    description: tricky,
    organizer: { name: 'Easy Appliance Repair; "NJ", Inc.', email: office.email },
    attendee: { name: 'O"Neil,\r\nATTENDEE:mailto:evil@example.com', email: "ann@example.com" },
  };
  const ics = calendarInvite(event);
  const parsed = readCalendar(ics);
  expect(parsed.summary).toBe(tricky);
  expect(parsed.location).toBe(tricky);
  expect(parsed.description).toBe(tricky);
  expect(parsed.attendee).toBe("mailto:ann@example.com");
  expect(parsed.attendeeParameters.cn).toBe("ONeil, ATTENDEE:mailto:evil@example.com");
  expect(ics.match(/^ATTENDEE/gm)).toHaveLength(1);
  // 16:00 to 18:00 Eastern Daylight Time (UTC-4).
  expect([parsed.start, parsed.end]).toEqual([
    "2026-07-15T20:00:00.000Z",
    "2026-07-15T22:00:00.000Z",
  ]);
});

test("a request without a day and window cancels without a calendar file", () => {
  const cancelled = visitCancelledEmail(
    { ...visit, date: null, window: null, sequence: 1 },
    contextAt("2026-11-23T15:00:00Z"),
    "office",
  );
  expect(cancelled.message.attachments).toBeUndefined();
  expect(confirmationOf("", "").message.attachments).toBeUndefined();
});

test("every email to the homeowner carries their private link, and none to the office does", () => {
  const context = contextAt("2026-11-21T15:00:00Z");
  const scheduled = { ...visit, sequence: 1, technician: "Mike Rivera" };
  const homeowner = [
    confirmationOf("2026-12-01", "morning"),
    visitScheduledEmail(scheduled, context),
    visitRescheduledEmail({ ...visit, sequence: 2 }, context),
    visitCancelledEmail({ ...visit, sequence: 3 }, context, "office"),
    visitReminderEmail(scheduled, context),
  ];
  for (const email of homeowner) {
    expect(email.message.to).toBe("jane.doe@example.com");
    expect(email.message.replyTo?.address).toBe(office.email);
    expect(email.message.text).toContain(storedLink);
    expect(email.message.html).toContain(`href="${storedLink}"`);
    expect(JSON.stringify(email.message)).not.toContain(requestUrl);
    expect(email.message.text).toContain("(908) 555-0163");
  }
  const reminder = visitReminderEmail(scheduled, context);
  expect(reminder.message.text).toContain(
    "Your repair visit is tomorrow, Tue, Dec 1, 8:00 AM - 12:00 PM Eastern.",
  );
  expect(reminder.message.attachments).toBeUndefined();

  const officeEmails = (["cancelled", "rescheduled", "photos"] as const).map((change) =>
    officeVisitChangeEmail({ ...visit, sequence: 3 }, context, change),
  );
  expect(officeEmails.map((email) => email.kind)).toEqual([
    "visit.cancelled.company",
    "visit.rescheduled.company",
    "visit.photos.company",
  ]);
  expect(officeEmails[0]?.message.subject).toBe(
    "Cancelled by the customer: Refrigerator — Jane Doe",
  );
  for (const email of officeEmails) {
    expect(email.message.to).toBe(context.companyRecipient);
    expect(email.message.text).not.toContain(storedLink);
    expect(email.message.html).not.toContain(storedLink);
    expect(email.message.text).toContain("Tue, Dec 1, 8:00 AM - 12:00 PM Eastern");
  }
  const ids = [...homeowner, ...officeEmails].map((email) => email.message.messageId);
  expect(new Set(ids).size).toBe(ids.length);
});

test("the worker's private link goes where the placeholder was, calendar lines folded again", () => {
  const requestId = "5b0c7f8e-2d3a-4c1b-9e6f-0a1b2c3d4e5f";
  const token = "Zq3x-9AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_";
  const link = `https://repair.example.test/requests/${token}`;
  const stored = visitScheduledEmail(
    { ...visit, requestId, sequence: 1 },
    contextAt("2026-11-21T15:00:00Z"),
  ).message;
  const sent = withPrivateLink(stored, requestId, token);
  expect(sent.text).toContain(`See or change your visit: ${link}`);
  // The booked visit's email is branded: the link is its one button.
  expect(sent.html).toContain(`<a href="${link}" style=`);
  expect(sent.html).toContain(">See or change your visit</a>");
  const ics = sent.attachments?.[0]?.content ?? "";
  for (const line of ics.split("\r\n")) {
    expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  }
  const file = readCalendar(ics);
  expect(file.url).toBe(link);
  expect(file.description).toContain(link);
  expect(JSON.stringify(sent)).not.toContain("{link:");

  // Only the request the email is about: another request's placeholder stays as it was typed.
  const other = withPrivateLink(stored, "00000000-0000-4000-8000-000000000000", token);
  expect(other).toEqual(stored);
});
