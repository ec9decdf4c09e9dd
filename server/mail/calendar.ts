/**
 * A visit's calendar file (iTIP, RFC 5546): the `.ics` attached to the homeowner's emails, so
 * their calendar adds, moves and removes the one event it holds for the visit.
 */
import type { MessageAttachment } from "./message";
import { wallTimeToInstant } from "./time-zone";

export interface CalendarPerson {
  /** Left out for the homeowner: their name is what a stranger typed (no CN then). */
  name?: string;
  email: string;
}

interface CalendarEventFields {
  /** One per visit for its whole life (`visitUid`): how a calendar knows an update's event. */
  uid: string;
  /** yyyy-mm-dd */
  date: string;
  /** "08:00" wall-clock times in `timeZone`. */
  start: string;
  end: string;
  timeZone: string;
  summary: string;
  /** Where the visit is; left out when unknown. */
  location?: string;
  description: string;
  organizer: CalendarPerson;
  /** The homeowner. RFC 5546 wants one on every REQUEST and CANCEL. */
  attendee?: CalendarPerson;
  /** Each version sent for a UID needs a higher SEQUENCE than the last, or calendars ignore it. */
  sequence: number;
  /** DTSTAMP: when this version was made. */
  stamp: Date;
  /** The homeowner's private page. */
  url?: string;
}

/**
 * What the organizer sends (RFC 5546): REQUEST adds or replaces the event, TENTATIVE until the
 * office has booked it; CANCEL removes it and must say CANCELLED.
 */
export type CalendarUpdate =
  | { method: "REQUEST"; status: "TENTATIVE" | "CONFIRMED" }
  | { method: "CANCEL"; status: "CANCELLED" };

export type CalendarEvent = CalendarEventFields & CalendarUpdate;

export type CalendarMethod = CalendarEvent["method"];

/**
 * The UID of a service request's visit: the same in every calendar file about it. A return visit
 * (number 2 on) is an event of its own, so the first stays in the calendar as it was.
 */
export function visitUid(requestId: string, siteHost: string, visitNumber = 1): string {
  const visit = visitNumber > 1 ? `-visit-${visitNumber}` : "";
  return `service-request-${requestId}${visit}@${siteHost}`;
}

/** The MIME type with the `method` parameter Outlook and Apple Mail look for. */
export function calendarContentType(method: CalendarMethod): string {
  return `text/calendar; charset=utf-8; method=${method}`;
}

/** RFC 5545 TEXT: backslash, semicolon, comma and line breaks are escaped. */
function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n|\u2028|\u2029/g, "\\n");
}

/** `;CN="…"`, or nothing without a name. */
function commonName(person: CalendarPerson): string {
  return person.name === undefined || person.name === "" ? "" : `;CN=${paramValue(person.name)}`;
}

/** A quoted parameter value (CN) may hold neither a double quote nor a control character. */
function paramValue(value: string): string {
  const safe = value
    .replace(/"/g, "")
    .replace(/[\p{Cc}\u2028\u2029]/gu, " ")
    .replace(/ {2,}/g, " ")
    .trim();
  return `"${safe}"`;
}

/** URI values (mailto:, URL) are not escaped: nothing that could end the line gets through. */
function uriValue(value: string): string {
  return value.replace(/[\s\p{Cc}"]+/gu, "");
}

function calendarAddress(person: CalendarPerson): string {
  return `mailto:${uriValue(person.email)}`;
}

function utcStamp(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** Content lines longer than 75 octets continue on lines that start with a space. */
function fold(line: string): string {
  const encoder = new TextEncoder();
  const pieces: string[] = [];
  let current = "";
  let currentBytes = 0;
  for (const character of line) {
    const bytes = encoder.encode(character).length;
    const limit = pieces.length === 0 ? 75 : 74;
    if (currentBytes + bytes > limit) {
      pieces.push(current);
      current = "";
      currentBytes = 0;
    }
    current += character;
    currentBytes += bytes;
  }
  pieces.push(current);
  return pieces.join("\r\n ");
}

/** A calendar file's content lines, each on one line again (RFC 5545 section 3.1). */
export function unfoldCalendarLines(content: string): string {
  return content.replace(/\r\n[ \t]/g, "");
}

/** Folds every line of an unfolded calendar file: `unfoldCalendarLines` undone. */
export function foldCalendarLines(content: string): string {
  return content
    .split("\r\n")
    .map((line) => fold(line))
    .join("\r\n");
}

/**
 * A one-event iTIP message (RFC 5546) with the window in UTC, so no VTIMEZONE is needed.
 * Google Calendar, Apple Calendar and Outlook match it to the event they already hold by UID and
 * apply it when its SEQUENCE is higher than the one they have.
 */
export function calendarInvite(event: CalendarEvent): string {
  if (!Number.isInteger(event.sequence) || event.sequence < 0) {
    throw new RangeError(`A calendar SEQUENCE is a whole number from 0, not ${event.sequence}`);
  }
  const start = wallTimeToInstant(event.date, event.start, event.timeZone);
  const end = wallTimeToInstant(event.date, event.end, event.timeZone);
  const { organizer, attendee } = event;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeText(organizer.name ?? "")}//Service request//EN`,
    "CALSCALE:GREGORIAN",
    `METHOD:${event.method}`,
    "BEGIN:VEVENT",
    `UID:${escapeText(event.uid)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART:${utcStamp(start)}`,
    `DTEND:${utcStamp(end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.url === undefined || event.url === "" ? [] : [`URL:${uriValue(event.url)}`]),
    `ORGANIZER${commonName(organizer)}:${calendarAddress(organizer)}`,
    // The homeowner asked for the visit: their part is accepted already, and a reply is not
    // wanted (RSVP=FALSE), so calendars file the update without asking them to answer.
    ...(attendee
      ? [
          `ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE${commonName(attendee)}:${calendarAddress(attendee)}`,
        ]
      : []),
    `STATUS:${event.status}`,
    `TRANSP:${event.method === "CANCEL" ? "TRANSPARENT" : "OPAQUE"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(fold).join("\r\n") + "\r\n";
}

/** The `.ics` attachment of an email about a visit. */
export function calendarAttachment(event: CalendarEvent): MessageAttachment {
  return {
    filename:
      event.method === "CANCEL"
        ? "appliance-repair-visit-cancelled.ics"
        : "appliance-repair-visit.ics",
    contentType: calendarContentType(event.method),
    content: calendarInvite(event),
  };
}
