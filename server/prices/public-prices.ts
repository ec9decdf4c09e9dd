/**
 * The price policies as the public pages show them (home, the service pages, the booking dialog),
 * and the version the page cache keys those pages by. Every office's lines go to the page at
 * once: the page picks the visitor's office the way it picks its phone number (`useRegion`), so
 * a page that does not load again when the region changes (home) still shows the right fee.
 *
 * A saved policy bumps the version here at once and, through `NOTIFY`, in every other server
 * process: a page kept under the old version is never served again (render-cache.ts).
 */
import { sql } from "drizzle-orm";

import type { ServiceSlug } from "~/content/services";
import type { StateSlug } from "~/content/states";
import type { PricePolicy } from "~/domain/after-the-job";
import { rangeLine, serviceCallLine, type PriceLines } from "~/domain/prices";
import type { Locale } from "~/lib/locale";

import type { Database, DatabaseHandle, Transaction } from "../db/database";
import { pricePolicies } from "./price-policy";

/** `NOTIFY`'d in the transaction that saves or removes an office's policy. */
export const priceChangesChannel = "office_price_changes";

export async function notifyPricesChanged(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_notify(${priceChangesChannel}, '')`);
}

/** Each office's lines that set a policy; an office without one is absent (no fee is shown). */
export type OfficePriceLines = Partial<Record<StateSlug, PriceLines>>;

/** Each office's service-call line (home, the booking dialog). */
export type ServiceCallLines = Partial<Record<StateSlug, string>>;

/** How long policies read for one version are used before they are read again. */
const keptForMs = 60_000;

export class PublicPrices {
  readonly #db: Database;
  #version = 0;
  #stopListening: (() => Promise<void>) | null = null;
  #kept: {
    version: number;
    readAt: number;
    policies: Promise<Map<StateSlug, PricePolicy>>;
  } | null = null;

  constructor(db: Database) {
    this.#db = db;
  }

  /** Changes whenever a policy may have changed: part of every kept page's cache key. */
  get version(): number {
    return this.#version;
  }

  /** A policy was saved or removed (here, or in another process that said so). */
  changed(): void {
    this.#version += 1;
  }

  async start(database: Pick<DatabaseHandle, "listen">): Promise<void> {
    this.#stopListening = await database.listen(priceChangesChannel, () => this.changed());
  }

  async close(): Promise<void> {
    const stop = this.#stopListening;
    this.#stopListening = null;
    await stop?.().catch(() => undefined);
  }

  /** Every office's lines for a page: its service-call fee, and the range of `service`. */
  async lines(service?: ServiceSlug, locale: Locale = "en"): Promise<OfficePriceLines> {
    const policies = await this.#policies();
    return Object.fromEntries(
      [...policies].map(([office, policy]) => {
        const range = service ? policy.ranges[service] : undefined;
        return [
          office,
          {
            serviceCall: serviceCallLine(policy, locale),
            range: service && range ? rangeLine(service, range, locale) : null,
          },
        ];
      }),
    );
  }

  /** Every office's service-call line. */
  async serviceCalls(locale: Locale = "en"): Promise<ServiceCallLines> {
    const policies = await this.#policies();
    return Object.fromEntries(
      [...policies].map(([office, policy]) => [office, serviceCallLine(policy, locale)]),
    );
  }

  /** The office's policy, for the confirmation email; a database failure is thrown. */
  async policyFor(office: StateSlug): Promise<PricePolicy | null> {
    return (await this.#current()).get(office) ?? null;
  }

  /**
   * Every office's policies, read once per version (and again after a minute, should a
   * notification from another process have been missed): a page or a booking costs no query.
   */
  #current(): Promise<Map<StateSlug, PricePolicy>> {
    const now = Date.now();
    const kept = this.#kept;
    if (kept && kept.version === this.#version && now - kept.readAt < keptForMs)
      return kept.policies;
    const policies = pricePolicies(this.#db);
    const entry = { version: this.#version, readAt: now, policies };
    this.#kept = entry;
    // A failed read is not kept: the next page or booking asks the database again.
    policies.catch(() => {
      if (this.#kept === entry) this.#kept = null;
    });
    return policies;
  }

  /**
   * Pages render without the database: when it cannot be read, they show no fee (never a
   * guessed one) and say so in the log.
   */
  async #policies() {
    try {
      return await this.#current();
    } catch (error) {
      console.error(
        `Prices not shown, the database unavailable: ${error instanceof Error ? error.message : String(error)}`,
      );
      return new Map();
    }
  }
}
