/**
 * The price policy's words and its form, for every layer: the lines the pages, the dialog, the
 * emails and the private page print ("Service call: $89, waived when you go ahead with the
 * repair", "Most dryer repairs: $150-$350"), and the owner's form on `/office/prices` with its
 * rules and messages (the schema the server parses).
 */
import { z } from "zod";

// Sets zod to run without eval before these schemas parse in a browser (the pages' CSP).
import "~/lib/validation";

import { serviceSlugs, type ServiceSlug } from "~/content/services";
import type { Locale } from "~/lib/locale";

import { defaultWarrantyDays, type PricePolicy, type PriceRange } from "./after-the-job";
import { formatMoney, parseMoney } from "./money";

/** The fee and its rule, as the office sets them and a booking is held to them. */
export type ServiceCallPolicy = Pick<
  PricePolicy,
  "serviceCallCents" | "serviceCallRule" | "serviceCallRuleEs"
>;

/**
 * "$89, waived when you go ahead with the repair" (beside a "Service call" label). In Spanish,
 * the owner's Spanish rule, or, when they wrote none, their English quoted as theirs:
 * "$89 (condición de la oficina, en inglés: “waived when …”)".
 */
export function serviceCallTerms(policy: ServiceCallPolicy, locale: Locale = "en") {
  const fee = formatMoney(policy.serviceCallCents, { cents: "when-needed" });
  if (locale === "en") return `${fee}, ${policy.serviceCallRule}`;
  return policy.serviceCallRuleEs
    ? `${fee}, ${policy.serviceCallRuleEs}`
    : `${fee} (condición de la oficina, en inglés: “${policy.serviceCallRule}”)`;
}

/** "Service call: $89, waived when you go ahead with the repair"; "Cargo por visita: $89, …" */
export function serviceCallLine(policy: ServiceCallPolicy, locale: Locale = "en") {
  return `${locale === "es" ? "Cargo por visita" : "Service call"}: ${serviceCallTerms(policy, locale)}`;
}

/** The same line as a sentence, for an email's paragraph: a full stop unless the rule has one. */
export function serviceCallSentence(policy: ServiceCallPolicy, locale: Locale = "en") {
  const line = serviceCallLine(policy, locale);
  return /[.!?]$/.test(line) ? line : `${line}.`;
}

/** The repairs of each appliance as a Spanish range line names them (the service pages' titles). */
const spanishRepairsOf: Record<ServiceSlug, string> = {
  refrigerator: "refrigeradores",
  washer: "lavadoras",
  dryer: "secadoras",
  oven: "hornos y estufas",
  dishwasher: "lavavajillas",
  microwave: "microondas",
};

/**
 * "Most dryer repairs: $150-$350" (one amount when both ends are the same); in Spanish, "La
 * mayoría de las reparaciones de secadoras: $150-$350".
 */
export function rangeLine(service: ServiceSlug, range: PriceRange, locale: Locale = "en") {
  const [low, high] = [range.lowCents, range.highCents].map((cents) =>
    formatMoney(cents, { cents: "when-needed" }),
  );
  const amounts = range.lowCents === range.highCents ? low : `${low}-${high}`;
  return locale === "es"
    ? `La mayoría de las reparaciones de ${spanishRepairsOf[service]}: ${amounts}`
    : `Most ${service} repairs: ${amounts}`;
}

/** What a public page shows of one office's policy for one appliance (or none). */
export interface PriceLines {
  serviceCall: string;
  /** The appliance's typical range, when the office set one. */
  range: string | null;
}

export const maxServiceCallDollars = 1000;
export const maxRangeDollars = 20_000;
export const maxServiceCallRule = 200;
export const maxWarrantyDays = 3650;
export { defaultWarrantyDays };

type RangeField = `${ServiceSlug}Low` | `${ServiceSlug}High`;

/** A range's fields in the form: `dryerLow`, `dryerHigh`. */
export function rangeFields<Service extends ServiceSlug>(service: Service) {
  return { low: `${service}Low`, high: `${service}High` } as const;
}

const feeMessage = `Enter the fee in dollars, from 0 to ${maxServiceCallDollars}, for example 89`;
const ruleMessage =
  "Say when the fee applies, for example: waived when you go ahead with the repair";
const rangeMessage = `Enter an amount in dollars, from 1 to ${maxRangeDollars.toLocaleString("en-US")}`;
const bothEndsMessage = "Enter both the low and the high amount, or neither";
const highBelowLowMessage = "The high amount cannot be less than the low one";
const warrantyMessage = `Enter a whole number of days from 0 to ${maxWarrantyDays}`;

const text = z
  .string()
  .optional()
  .transform((value) => value?.trim() ?? "");

const rangeShape = Object.fromEntries(
  serviceSlugs.flatMap((service) => {
    const fields = rangeFields(service);
    return [
      [fields.low, text],
      [fields.high, text],
    ];
  }),
) as Record<RangeField, typeof text>;

/**
 * The owner's form: the fee and its rule (both needed; the rule in Spanish too, if the owner
 * writes it), a range per appliance (both ends or neither, the low one no higher), and the
 * warranty in days. Messages name the field they sit under; the output is the policy as stored.
 */
export const pricePolicyFormSchema = z
  .object({
    fee: text,
    rule: text,
    ruleEs: text,
    warrantyDays: text,
    ...rangeShape,
  })
  .transform((fields, context): PricePolicy => {
    const fail = (path: string, message: string) => {
      context.addIssue({ code: "custom", path: [path], message });
    };
    const fee = parseMoney(fields.fee);
    if (fee === null || fee > maxServiceCallDollars * 100) fail("fee", feeMessage);
    const oneLine = (typed: string) => typed.replace(/\s+/g, " ");
    const tooLong = `Use at most ${maxServiceCallRule} characters`;
    const rule = oneLine(fields.rule);
    if (rule === "") fail("rule", ruleMessage);
    else if (rule.length > maxServiceCallRule) {
      fail("rule", tooLong);
    }
    // Optional: without it the Spanish pages and emails quote the English rule.
    const ruleEs = oneLine(fields.ruleEs);
    if (ruleEs.length > maxServiceCallRule) fail("ruleEs", tooLong);
    const warranty = /^\d{1,4}$/.test(fields.warrantyDays) ? Number(fields.warrantyDays) : NaN;
    if (!(warranty <= maxWarrantyDays)) fail("warrantyDays", warrantyMessage);
    const ranges: PricePolicy["ranges"] = {};
    for (const service of serviceSlugs) {
      const names = rangeFields(service);
      const [lowText, highText] = [fields[names.low], fields[names.high]];
      if (lowText === "" && highText === "") continue;
      if (lowText === "" || highText === "") {
        fail(lowText === "" ? names.low : names.high, bothEndsMessage);
        continue;
      }
      const [low, high] = [parseMoney(lowText), parseMoney(highText)];
      const inRange = (cents: number | null): cents is number =>
        cents !== null && cents >= 100 && cents <= maxRangeDollars * 100;
      if (!inRange(low)) fail(names.low, rangeMessage);
      if (!inRange(high)) fail(names.high, rangeMessage);
      if (!inRange(low) || !inRange(high)) continue;
      if (high < low) {
        fail(names.high, highBelowLowMessage);
        continue;
      }
      ranges[service] = { lowCents: low, highCents: high };
    }
    return {
      serviceCallCents: fee ?? 0,
      serviceCallRule: rule,
      serviceCallRuleEs: ruleEs || null,
      ranges,
      warrantyDays: Number.isNaN(warranty) ? defaultWarrantyDays : warranty,
    };
  });
