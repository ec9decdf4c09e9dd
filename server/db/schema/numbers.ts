// What the owner's numbers keep besides the requests: the money spent on each source.
import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

import type { StateSlug } from "../../../app/content/states";
import type { RequestSource } from "../../../app/domain/phone-booking";

import { updatedAt } from "./columns";

/**
 * What an owner spent on a source in an office in a month ("2031-03"), as they typed it on
 * `/office/numbers`: the Sources table's cost per paid job. Zero removes it.
 */
export const sourceSpend = pgTable(
  "source_spend",
  {
    office: text("office").$type<StateSlug>().notNull(),
    source: text("source").$type<RequestSource>().notNull(),
    month: text("month").notNull(),
    cents: integer("cents").notNull(),
    /** The owner who typed it last (their name as it was then). */
    updatedBy: text("updated_by").notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.office, table.source, table.month] }),
    check("source_spend_month", sql`${table.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check("source_spend_cents", sql`${table.cents} between 1 and 100000000`),
  ],
);
