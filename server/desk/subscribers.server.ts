import { and, count, desc, eq, ilike, inArray, isNull, sql } from "drizzle-orm";

import { stateBySlug } from "~/content/states";

import type { Database } from "../db/database";
import { newsletterSubscribers } from "../db/schema";
import { toCsv } from "./csv";
import { leadOffices, type StaffMember } from "./staff-accounts.server";

export const subscribersPageSize = 100;

export interface SubscriberRow {
  id: string;
  email: string;
  officeName: string;
  subscribedAt: string;
  unsubscribedAt: string | null;
}

export interface SubscribersPage {
  active: number;
  total: number;
  page: number;
  hasNextPage: boolean;
  subscribers: SubscriberRow[];
}

function scope(staff: StaffMember, search: string) {
  return and(
    inArray(newsletterSubscribers.office, leadOffices(staff)),
    search
      ? ilike(newsletterSubscribers.email, `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`)
      : undefined,
  );
}

const day = (instant: Date) => instant.toISOString().slice(0, 10);

/** The newsletter's subscribers of the person's offices, newest first, with the counts. */
export async function subscribersPage(
  db: Database,
  staff: StaffMember,
  { page, search }: { page: number; search: string },
): Promise<SubscribersPage> {
  if (leadOffices(staff).length === 0) {
    return { active: 0, total: 0, page, hasNextPage: false, subscribers: [] };
  }
  const where = scope(staff, search);
  const [totals] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${newsletterSubscribers.unsubscribedAt} is null)::int`,
    })
    .from(newsletterSubscribers)
    .where(where);
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .where(where)
    .orderBy(desc(newsletterSubscribers.subscribedAt), desc(newsletterSubscribers.id))
    .limit(subscribersPageSize + 1)
    .offset((page - 1) * subscribersPageSize);
  return {
    active: Number(totals?.active ?? 0),
    total: Number(totals?.total ?? 0),
    page,
    hasNextPage: rows.length > subscribersPageSize,
    subscribers: rows.slice(0, subscribersPageSize).map((row) => ({
      id: row.id,
      email: row.email,
      officeName: stateBySlug(row.office)?.name ?? row.office,
      subscribedAt: day(row.subscribedAt),
      unsubscribedAt: row.unsubscribedAt ? day(row.unsubscribedAt) : null,
    })),
  };
}

/** Unsubscribes one of the person's offices' subscribers (someone who asked by phone). */
export async function unsubscribeSubscriber(
  db: Database,
  staff: StaffMember,
  id: string,
): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(id) || leadOffices(staff).length === 0) return false;
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: sql`now()` })
    .where(
      and(
        eq(newsletterSubscribers.id, id),
        inArray(newsletterSubscribers.office, leadOffices(staff)),
        isNull(newsletterSubscribers.unsubscribedAt),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  return row !== undefined;
}

export async function subscribersCsv(db: Database, staff: StaffMember): Promise<string> {
  const rows =
    leadOffices(staff).length === 0
      ? []
      : await db
          .select()
          .from(newsletterSubscribers)
          .where(inArray(newsletterSubscribers.office, leadOffices(staff)))
          .orderBy(desc(newsletterSubscribers.subscribedAt));
  return toCsv(
    ["Email", "Office", "Subscribed (UTC)", "Unsubscribed (UTC)"],
    rows.map((row) => [
      row.email,
      stateBySlug(row.office)?.name ?? row.office,
      row.subscribedAt.toISOString(),
      row.unsubscribedAt?.toISOString() ?? "",
    ]),
  );
}
