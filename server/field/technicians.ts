import { and, asc, eq, isNull, sql } from "drizzle-orm";

import type { StateSlug } from "~/content/states";

import type { Database, Transaction } from "../db/database";
import { staffUsers } from "../db/schema";

export interface OfficeTechnician {
  id: string;
  name: string;
}

/** The active technicians who work `office`, by name: whom a visit there may be assigned to. */
export function officeTechnicians(
  db: Database | Transaction,
  office: StateSlug,
): Promise<OfficeTechnician[]> {
  return db
    .select({ id: staffUsers.id, name: staffUsers.name })
    .from(staffUsers)
    .where(
      and(
        eq(staffUsers.role, "technician"),
        isNull(staffUsers.disabledAt),
        sql`${staffUsers.offices} @> array[${office}]::text[]`,
      ),
    )
    .orderBy(asc(staffUsers.name));
}
