import { and, eq, isNull, sql } from "drizzle-orm";

import type { Locale } from "~/lib/locale";

import type { Database } from "../db/database";
import { newsletterSubscribers } from "../db/schema";

export type SubscriptionState = "subscribed" | "unsubscribed" | "unknown";

/** A subscription as its link shows it: its state, and the language of its welcome (issue 39). */
export interface Subscription {
  state: SubscriptionState;
  /** The subscriber's; English for a link that matches none. */
  language: Locale;
}

/** What the unsubscribe page can do, handed to its loader and action through the load context. */
export interface NewsletterService {
  /** Reads only: a mail scanner opening the link changes nothing. */
  subscriptionOf(token: string): Promise<Subscription>;
  /** Returns "unsubscribed", or "unknown" for a token that matches no subscriber. */
  unsubscribe(token: string): Promise<Subscription>;
}

const tokenPattern = /^[A-Za-z0-9_-]{16,100}$/;

export function newsletterService(db: Database): NewsletterService {
  const unknown: Subscription = { state: "unknown", language: "en" };

  async function subscriptionOf(token: string): Promise<Subscription> {
    if (!tokenPattern.test(token)) return unknown;
    const [subscriber] = await db
      .select({
        unsubscribedAt: newsletterSubscribers.unsubscribedAt,
        language: newsletterSubscribers.language,
      })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.unsubscribeToken, token));
    if (!subscriber) return unknown;
    return {
      state: subscriber.unsubscribedAt ? "unsubscribed" : "subscribed",
      language: subscriber.language,
    };
  }

  return {
    subscriptionOf,
    async unsubscribe(token) {
      if (!tokenPattern.test(token)) return unknown;
      await db
        .update(newsletterSubscribers)
        .set({ unsubscribedAt: sql`now()` })
        .where(
          and(
            eq(newsletterSubscribers.unsubscribeToken, token),
            isNull(newsletterSubscribers.unsubscribedAt),
          ),
        );
      const subscription = await subscriptionOf(token);
      return subscription.state === "unknown"
        ? subscription
        : { ...subscription, state: "unsubscribed" };
    },
  };
}
