import { and, eq, isNull, sql } from "drizzle-orm";

import type { Database } from "../db/database";
import { newsletterSubscribers } from "../db/schema";

export type SubscriptionState = "subscribed" | "unsubscribed" | "unknown";

/** What the unsubscribe page can do, handed to its loader and action through the load context. */
export interface NewsletterService {
  /** Reads only: a mail scanner opening the link changes nothing. */
  stateOf(token: string): Promise<SubscriptionState>;
  /** Returns "unsubscribed", or "unknown" for a token that matches no subscriber. */
  unsubscribe(token: string): Promise<SubscriptionState>;
}

const tokenPattern = /^[A-Za-z0-9_-]{16,100}$/;

export function newsletterService(db: Database): NewsletterService {
  async function stateOf(token: string): Promise<SubscriptionState> {
    if (!tokenPattern.test(token)) return "unknown";
    const [subscriber] = await db
      .select({ unsubscribedAt: newsletterSubscribers.unsubscribedAt })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.unsubscribeToken, token));
    if (!subscriber) return "unknown";
    return subscriber.unsubscribedAt ? "unsubscribed" : "subscribed";
  }

  return {
    stateOf,
    async unsubscribe(token) {
      if (!tokenPattern.test(token)) return "unknown";
      await db
        .update(newsletterSubscribers)
        .set({ unsubscribedAt: sql`now()` })
        .where(
          and(
            eq(newsletterSubscribers.unsubscribeToken, token),
            isNull(newsletterSubscribers.unsubscribedAt),
          ),
        );
      return (await stateOf(token)) === "unknown" ? "unknown" : "unsubscribed";
    },
  };
}
