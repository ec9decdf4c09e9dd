import { wallTimeToInstant } from "./time-zone";

export interface CalendarEvent {
  uid: string;
  /** yyyy-mm-dd */
  date: string;
  /** "08:00" wall-clock times in `timeZone`. */
  start: string;
  end: string;
  timeZone: string;
  summary: string;
  location: string;
  description: string;
  organizer: { name: string; email: string };
  createdAt: Date;
}

/** RFC 5545 TEXT: backslash, semicolon, comma and line breaks are escaped. */
function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n|\u2028|\u2029/g, "\\n");
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

/** A one-event calendar (METHOD:PUBLISH) with the window in UTC, so no VTIMEZONE is needed. */
export function calendarInvite(event: CalendarEvent): string {
  const start = wallTimeToInstant(event.date, event.start, event.timeZone);
  const end = wallTimeToInstant(event.date, event.end, event.timeZone);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeText(event.organizer.name)}//Service request//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcStamp(event.createdAt)}`,
    `DTSTART:${utcStamp(start)}`,
    `DTEND:${utcStamp(end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `LOCATION:${escapeText(event.location)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `ORGANIZER;CN="${event.organizer.name.replace(/["\r\n]/g, "")}":mailto:${event.organizer.email}`,
    "STATUS:TENTATIVE",
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(fold).join("\r\n") + "\r\n";
}
