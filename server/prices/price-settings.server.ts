/**
 * What an owner sets on `/office/prices` (routes/office.prices.tsx): one office's service-call
 * fee and its rule (in English, and in Spanish if the owner writes it), the typical ranges per
 * appliance and the warranty, saved whole or removed. Each save `NOTIFY`s every server process,
 * whose kept pages then render again with it.
 */
import { and, eq, isNull, ne } from "drizzle-orm";
import { data } from "react-router";

import { serviceText } from "~/content/service-texts.server";
import { serviceSlugs } from "~/content/services";
import { stateBySlug, stateSlugs, type StateSlug } from "~/content/states";
import type { PricePolicy } from "~/domain/after-the-job";
import {
  defaultWarrantyDays,
  pricePolicyFormSchema,
  rangeFields,
  rangeLine,
  serviceCallLine,
} from "~/domain/prices";
import { formatMoney } from "~/domain/money";
import type { PostedForm } from "~/lib/bounded-body.server";
import { fieldErrorsOf } from "~/lib/field-errors";
import type { FormResult } from "~/lib/form-result";

import type { Database } from "../db/database";
import { officePrices, staffUsers } from "../db/schema";
import type { StaffMember } from "../desk/staff-accounts.server";
import { pricePolicyFor } from "./price-policy";
import { notifyPricesChanged } from "./public-prices";

export type PricesPageResult = FormResult<"save" | "remove">;

/** Thrown when someone who is not an active owner reaches these functions. */
export class PriceSettingsRefusal extends Error {}

/** Only an active owner sets prices (the route's layout checks it too: this is the last word). */
function ownerOnly(staff: StaffMember): void {
  if (staff.role !== "owner" || staff.disabledAt) {
    throw new PriceSettingsRefusal("Only an owner sets the prices");
  }
}

/**
 * The office the page is about: the one chosen (`?office=texas`), else the owner's own. An owner
 * has every office, so their own is the first of them where their team works (an active
 * dispatcher's or technician's office), else simply their first; an office that is none: null
 * (the page is a 404).
 */
export async function pricesOffice(
  db: Database,
  staff: StaffMember,
  chosen: string | null,
): Promise<StateSlug | null> {
  ownerOnly(staff);
  if (chosen) return stateBySlug(chosen)?.slug ?? null;
  const team = await db
    .select({ offices: staffUsers.offices })
    .from(staffUsers)
    .where(and(ne(staffUsers.role, "owner"), isNull(staffUsers.disabledAt)));
  const worked = new Set(team.flatMap((member) => member.offices));
  return staff.offices.find((office) => worked.has(office)) ?? staff.offices[0] ?? stateSlugs[0];
}

/** One appliance's range as the form shows it. */
export interface RangeSetting {
  service: string;
  /** "Dryer Repair" */
  title: string;
  low: { name: string; value: string };
  high: { name: string; value: string };
}

/** One office's prices as the form shows them, and what the site shows of them. */
export interface PriceSettings {
  office: StateSlug;
  /** Whether the office has a policy (else the site shows no fee). */
  set: boolean;
  values: { fee: string; rule: string; ruleEs: string; warrantyDays: string };
  ranges: RangeSetting[];
  /** The lines the site shows now: the fee, then each range. */
  shown: string[];
  /** The fee's line on the Spanish pages ("Cargo por visita: …"), when there is a fee. */
  shownInSpanish: string | null;
}

/** The form's text for a policy (or blank, with the default warranty, for none). */
export function formValuesOf(policy: PricePolicy | null): Record<string, string> {
  // As typed: "89", "89.50".
  const dollarsText = (cents: number) => formatMoney(cents, { cents: "when-needed", field: true });
  const values: Record<string, string> = {
    fee: policy ? dollarsText(policy.serviceCallCents) : "",
    rule: policy?.serviceCallRule ?? "",
    ruleEs: policy?.serviceCallRuleEs ?? "",
    warrantyDays: String(policy?.warrantyDays ?? defaultWarrantyDays),
  };
  for (const service of serviceSlugs) {
    const range = policy?.ranges[service];
    const names = rangeFields(service);
    values[names.low] = range ? dollarsText(range.lowCents) : "";
    values[names.high] = range ? dollarsText(range.highCents) : "";
  }
  return values;
}

export async function priceSettings(
  db: Database,
  staff: StaffMember,
  office: StateSlug,
): Promise<PriceSettings> {
  ownerOnly(staff);
  const policy = await pricePolicyFor(db, office);
  const values = formValuesOf(policy);
  return {
    office,
    set: policy !== null,
    values: {
      fee: values.fee!,
      rule: values.rule!,
      ruleEs: values.ruleEs!,
      warrantyDays: values.warrantyDays!,
    },
    ranges: serviceSlugs.map((service) => {
      const names = rangeFields(service);
      return {
        service,
        title: serviceText(service, "en").title,
        low: { name: names.low, value: values[names.low]! },
        high: { name: names.high, value: values[names.high]! },
      };
    }),
    shown: policy
      ? [
          serviceCallLine(policy),
          ...serviceSlugs.flatMap((service) => {
            const range = policy.ranges[service];
            return range ? [rangeLine(service, range)] : [];
          }),
        ]
      : [],
    shownInSpanish: policy ? serviceCallLine(policy, "es") : null,
  };
}

export type SaveOutcome =
  { success: true } | { success: false; fieldErrors: Record<string, string | undefined> };

/** Stores the office's whole policy as the form sent it (what the owner saw is what is kept). */
export async function savePricePolicy(
  db: Database,
  staff: StaffMember,
  office: StateSlug,
  fields: Record<string, string>,
): Promise<SaveOutcome> {
  ownerOnly(staff);
  const parsed = pricePolicyFormSchema.safeParse(fields);
  if (!parsed.success) return { success: false, fieldErrors: fieldErrorsOf(parsed.error) };
  const policy = parsed.data;
  const row = { ...policy, updatedBy: staff.name, updatedAt: new Date() };
  await db.transaction(async (tx) => {
    await tx
      .insert(officePrices)
      .values({ office, ...row })
      .onConflictDoUpdate({ target: officePrices.office, set: row });
    await notifyPricesChanged(tx);
  });
  return { success: true };
}

/** Removes the office's policy: the site shows no fee and no ranges; the warranty is the default. */
export async function removePricePolicy(
  db: Database,
  staff: StaffMember,
  office: StateSlug,
): Promise<boolean> {
  ownerOnly(staff);
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(officePrices)
      .where(eq(officePrices.office, office))
      .returning({ office: officePrices.office });
    if (removed.length > 0) await notifyPricesChanged(tx);
    return removed.length > 0;
  });
}

/**
 * The page's action: `intent` "save" or "remove", for `office`. `changed` tells this process's
 * page cache at once (the `NOTIFY` reaches it a moment later).
 */
export async function pricesPageAction(
  form: PostedForm,
  db: Database,
  staff: StaffMember,
  changed: () => void,
) {
  const fields = form.fields();
  const office = stateBySlug(fields.office ?? "")?.slug;
  if (!office) throw data("Not found", { status: 404 });
  const officeName = stateBySlug(office)?.name ?? office;
  const answer = (result: PricesPageResult, status = 200) => data(result, { status });
  switch (fields.intent) {
    case "save": {
      const saved = await savePricePolicy(db, staff, office, fields);
      if (!saved.success) {
        return answer(
          {
            form: "save",
            status: "invalid",
            message: "Nothing was saved: check the fields marked below.",
            fieldErrors: saved.fieldErrors,
            values: { ...fields, office },
          },
          400,
        );
      }
      changed();
      return answer({ form: "save", status: "success", message: "Saved.", values: { office } });
    }
    case "remove": {
      const removed = await removePricePolicy(db, staff, office);
      if (removed) changed();
      return answer({
        form: "remove",
        status: "success",
        message: removed
          ? `Removed: the site shows no service-call fee or ranges for ${officeName}.`
          : `${officeName} had no prices set.`,
        values: { office },
      });
    }
    default:
      return answer(
        { form: "save", status: "invalid", message: "Unknown action", values: { office } },
        400,
      );
  }
}
