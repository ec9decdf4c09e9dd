/**
 * After the job, in one place for the database, the desk, the field, the emails and the pages:
 * the office's price policy, the estimate's lines, the payment and the review.
 */
import type { ServiceSlug } from "~/content/services";

/** A typical range for one appliance's repairs, in cents ("Most dryer repairs: $150-$350"). */
export interface PriceRange {
  lowCents: number;
  highCents: number;
}

/** An office's price policy as the owner set it on `/office/prices`. */
export interface PricePolicy {
  /** The service-call fee in cents ("$89"). */
  serviceCallCents: number;
  /** Its rule, in the owner's words ("waived when you go ahead with the repair"). */
  serviceCallRule: string;
  /**
   * The same rule in Spanish, as the owner wrote it ("se descuenta si sigue adelante con la
   * reparación"), for the Spanish pages and emails; null: they quote the English.
   */
  serviceCallRuleEs: string | null;
  /** Typical ranges per appliance; an appliance without one shows none. */
  ranges: Partial<Record<ServiceSlug, PriceRange>>;
  /** How long the repair is guaranteed, in days (parts and labour). */
  warrantyDays: number;
}

/** The warranty when an owner has not set one: 90 days on parts and labour. */
export const defaultWarrantyDays = 90;

export const estimateLineKinds = ["part", "labour"] as const;
export type EstimateLineKind = (typeof estimateLineKinds)[number];

/** One line of a technician's estimate. */
export interface EstimateLine {
  kind: EstimateLineKind;
  description: string;
  cents: number;
}

export const estimateDecisions = ["approved", "declined"] as const;
export type EstimateDecision = (typeof estimateDecisions)[number];

/** Where the homeowner approved or declined: on the technician's phone or their own page. */
export const estimateDecisionPlaces = ["phone", "page"] as const;
export type EstimateDecisionPlace = (typeof estimateDecisionPlaces)[number];

export const paymentMethods = ["cash", "check", "card"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** What a payment paid for: the repair, or the service call after Can't fix (no repair). */
export const paymentFors = ["repair", "service-call"] as const;
export type PaymentFor = (typeof paymentFors)[number];

export const paymentMethodLabels: Record<PaymentMethod, string> = {
  cash: "Cash",
  check: "Check",
  card: "Card",
};

/** "Feb 23, 2027" from "2027-02-23": a calendar day of the office (the warranty's last day). */
export function formatCalendarDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  return new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    month: "short",
    day: "numeric",
    year: "numeric",
  }).format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)));
}
