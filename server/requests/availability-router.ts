import express from "express";

import { companyProfiles } from "~/content/company";
import { isValidIsoDate } from "~/features/booking/schema";
import {
  availabilityPath,
  maxAvailabilityDays,
  type AvailabilityAnswer,
} from "~/features/requests/availability";

import type { Database } from "../db/database";
import { DatabaseUnavailableError, usingDatabase } from "../api/errors";
import { availability } from "./windows";

/**
 * `GET /api/availability?office=<state slug>&from=<yyyy-mm-dd>&days=<n>`: which arrival windows
 * are open, full, too soon or closed. Three small queries whatever the range, so the booking
 * dialog asks on every date change; never stored by a cache (places change by the minute).
 */
export function createAvailabilityRouter({
  db,
  defaultCapacity,
  now,
}: {
  db: Database;
  defaultCapacity: number;
  now: () => Date;
}): express.Router {
  const router = express.Router();
  const path = availabilityPath.replace(/^\/api/, "");
  router.get(path, async (req, res) => {
    res.set("Cache-Control", "no-store");
    const { office: slug, from, days: daysText } = req.query;
    const office = companyProfiles.find((profile) => profile.stateSlug === slug);
    const days = daysText === undefined ? 31 : Number(daysText);
    const errors: Record<string, string> = {};
    if (!office) errors.office = "Name one of the offices by its state slug";
    if (typeof from !== "string" || !isValidIsoDate(from))
      errors.from = "Give a date as yyyy-mm-dd";
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
  return router;
}
