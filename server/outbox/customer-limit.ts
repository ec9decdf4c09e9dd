/**
 * At most so many emails a day to one customer address for each cause (../mail/message.ts,
 * `MessageCause`): anyone can type someone else's address into a form, and we must not become the
 * tool that floods it, nor let a stranger spend the homeowner's day so that the office's real
 * emails (the visit booked, On my way, the receipt) are not sent. So each address has two
 * budgets of the same size: what the website causes (a booking's confirmation, a repeat's link, a
 * contact's acknowledgement, a welcome, a private page's change), and what a person of the office
 * or the field causes. Emails to the office and to staff are not counted.
 *
 * Enforced where every email passes, whoever wrote its row: when the outbox worker claims it.
 * In the claim's transaction the worker takes one advisory lock per address (in one order, so two
 * workers never deadlock), counts the emails of each cause to that address sent in the last 24
 * hours or being sent now, and admits only what fits; the rest are marked `held` with the reason,
 * which the desk shows beside "Send again". Every row being sent was admitted under that lock, so
 * however many workers in however many processes claim at once, an address never gets more than
 * the limit of each cause.
 */
import { and, inArray, notInArray, sql } from "drizzle-orm";

import type { Transaction } from "../db/database";
import { outbox } from "../db/schema";
import type { MessageCause } from "../mail/message";

type OutboxRow = typeof outbox.$inferSelect;

export const customerLimitWindowHours = 24;

/** Emails to the office (`*.company`) and to staff (`staff.*`) are not customers'. */
export function isCustomerEmail(kind: string): boolean {
  return !kind.endsWith(".company") && !kind.startsWith("staff.");
}

/**
 * The mailbox an address reaches, as counted: lower-cased, without a `+tag` (jane+1@ and
 * jane+2@ are one inbox). `recipientKeySql` is the same rule in SQL.
 */
export function recipientKey(address: string): string {
  return address.toLowerCase().replace(/\+[^@]*@/, "@");
}

const recipientKeySql = sql`regexp_replace(lower(${outbox.message}->>'to'), '\\+[^@]*@', '@')`;

const causeWords: Record<MessageCause, string> = {
  website: "from the website (bookings, messages and request pages)",
  office: "from the office and the technicians",
};

export function heldReason(limit: number, cause: MessageCause): string {
  return `Held: this address had ${limit} emails ${causeWords[cause]} in ${customerLimitWindowHours} hours`;
}

/** One budget: an address and a cause. */
function budgetKey(row: OutboxRow): string {
  return `${row.cause} ${recipientKey(row.message.to)}`;
}

/**
 * Within the claim's transaction: marks the claimed rows past their address's limit for their
 * cause `held` and returns the ids of those it held back.
 */
export async function holdOverDailyLimit(
  tx: Transaction,
  claimed: readonly OutboxRow[],
  limit: number,
): Promise<Set<string>> {
  const held = new Set<string>();
  const customerRows = claimed
    .filter((row) => isCustomerEmail(row.kind))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  if (limit <= 0 || customerRows.length === 0) return held;
  const keys = [...new Set(customerRows.map((row) => recipientKey(row.message.to)))].sort();
  const keyList = sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  );
  // pg_advisory_xact_lock is volatile: PostgreSQL calls it after sorting, in key order.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended('customer-email ' || key, 0))
        from unnest(array[${keyList}]::text[]) as key order by key`,
  );
  // Read after the locks: whatever another worker admitted for these addresses has committed.
  const counted = await tx
    .select({
      key: sql<string>`${recipientKeySql}`,
      cause: outbox.cause,
      total: sql<number>`count(*)::int`,
    })
    .from(outbox)
    .where(
      and(
        sql`${recipientKeySql} in (${keyList})`,
        notInArray(
          outbox.id,
          claimed.map((row) => row.id),
        ),
        sql`${outbox.kind} not like '%.company' and ${outbox.kind} not like 'staff.%'`,
        sql`(${outbox.status} = 'sending' or (${outbox.status} = 'sent' and ${outbox.sentAt} > now() - ${customerLimitWindowHours} * interval '1 hour'))`,
      ),
    )
    .groupBy(recipientKeySql, outbox.cause);
  const used = new Map(counted.map((row) => [`${row.cause} ${row.key}`, Number(row.total)]));
  const heldByCause: Record<MessageCause, string[]> = { website: [], office: [] };
  for (const row of customerRows) {
    const key = budgetKey(row);
    const count = used.get(key) ?? 0;
    if (count >= limit) {
      held.add(row.id);
      heldByCause[row.cause].push(row.id);
    } else {
      used.set(key, count + 1);
    }
  }
  for (const [cause, ids] of Object.entries(heldByCause) as [MessageCause, string[]][]) {
    if (ids.length === 0) continue;
    await tx
      .update(outbox)
      .set({
        status: "held",
        lockedUntil: null,
        // Nothing was attempted.
        attempts: sql`${outbox.attempts} - 1`,
        lastError: heldReason(limit, cause),
      })
      .where(inArray(outbox.id, ids));
  }
  return held;
}
