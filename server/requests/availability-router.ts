import express from "express";

import { isoDateIn } from "~/lib/dates";
import { companyProfiles } from "~/content/company";
import { isValidIsoDate } from "~/domain/service-request";
import {
  availabilityPath,
  maxAvailabilityDays,
  type AvailabilityAnswer,
} from "~/domain/availability";

import type { Database } from "../db/database";
import { DatabaseUnavailableError, usingDatabase } from "../api/errors";
import { addDays, availability } from "./windows";

/** How far ahead availability may be asked for at least (a year), whatever the booking horizon. */
const minDaysAhead = 365;

/**
 * `GET /api/availability?office=<state slug>&from=<yyyy-mm-dd>&days=<n>`: which arrival windows
 * are open, full, too soon or closed. Three small queries whatever the range, so the booking
 * dialog asks on every date change; never stored by a cache (places change by the minute).
 * `from` lies between yesterday (a visitor's clock behind the office's) and a year ahead (or
 * the booking horizon, when longer): no question beyond reaches the database.
 */
export function createAvailabilityRouter({
  db,
  defaultCapacity,
  bookingDaysAhead,
  now,
}: {
  db: Database;
  defaultCapacity: number;
  bookingDaysAhead: number;
  now: () => Date;
}): express.Router {
  const router = express.Router();
  const path = availabilityPath.replace(/^\/api/, "");
  const daysAhead = Math.max(minDaysAhead, bookingDaysAhead);
  router.get(path, async (req, res) => {
    res.set("Cache-Control", "no-store");
    const { office: slug, from, days: daysText } = req.query;
    const office = companyProfiles.find((profile) => profile.stateSlug === slug);
    const days =
      daysText === undefined ? 31 : typeof daysText === "string" ? wholeNumber(daysText) : NaN;
    const errors: Record<string, string> = {};
    if (!office) errors.office = "Name one of the offices by its state slug";
    if (typeof from !== "string" || !isValidIsoDate(from)) {
      errors.from = "Give a date as yyyy-mm-dd";
    } else if (office) {
      const today = isoDateIn(now(), office.timeZone);
      const [earliest, latest] = [addDays(today, -1), addDays(today, daysAhead)];
      if (from < earliest || from > latest) {
        errors.from = `Give a date from ${earliest} to ${latest}`;
      }
    }
    if (!Number.isInteger(days) || days < 1 || days > maxAvailabilityDays) {
      errors.days = `Ask for 1 to ${maxAvailabilityDays} days`;
    }
    if (!office || Object.keys(errors).length > 0) {
      res.status(400).json({ success: false, errors });
      return;
    }
    try {
      const answer: AvailabilityAnswer = {
        office: office.stateSlug,
        timeZone: office.timeZone,
        days: await usingDatabase(() =>
          availability(db, office, { from: from as string, days, now: now(), defaultCapacity }),
        ),
      };
      res.json(answer);
    } catch (error) {
      if (!(error instanceof DatabaseUnavailableError)) throw error;
      res.set("Retry-After", "30").status(503).json({ success: false, error: "Try again shortly" });
    }
  });
  router.all(path, (_req, res) => {
    res.set("Allow", "GET, HEAD").status(405).json({ success: false, error: "Use GET" });
  });
  return router;
}

/** "7" is 7; "7.0", "1e1", " 7" and "" are not a count of days. */
function wholeNumber(text: string): number {
  return /^\d{1,3}$/.test(text) ? Number(text) : NaN;
}
