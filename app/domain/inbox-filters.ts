import { z } from "zod";

import { leadStatuses } from "~/domain/leads";

import { isValidIsoDate } from "./service-request";
import { stateSlugs } from "~/content/states";

const optionalDate = z
  .string()
  .trim()
  .refine((value) => value === "" || isValidIsoDate(value), "Use a date like 2026-11-24")
  .optional()
  .default("");

/**
 * The inbox's filters and search. They travel in a POST body, never in the address: a search
 * is a customer's name, phone or email, which must not land in logs or the browser's history.
 */
export const inboxFiltersSchema = z.object({
  status: z.enum(leadStatuses).or(z.literal("")).optional().default(""),
  kind: z.enum(["service-request", "contact-message", ""]).optional().default(""),
  office: z.enum(stateSlugs).or(z.literal("")).optional().default(""),
  from: optionalDate,
  to: optionalDate,
  search: z.string().trim().max(100, "Use at most 100 characters").optional().default(""),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});
export type InboxFilters = z.output<typeof inboxFiltersSchema>;
