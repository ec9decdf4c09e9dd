/**
 * What the homeowner's emails and calendar files say in Spanish (issue 39), in US Spanish and
 * "usted", with the trade's words of docs/glossary-es.md. The English stays beside its email;
 * these are the same sentences, not a translation of each word.
 */
import { applianceTypesIn } from "~/content/appliances";
import { officeName } from "~/content/navigation";
import type { CompanyProfile } from "~/content/company";
import type { PricePolicy } from "~/domain/after-the-job";
import { formatMoney } from "~/domain/money";

/** "secadora": the appliance as a sentence names it. */
export function spanishAppliance(appliance: string): string {
  const name = applianceTypesIn("es").find((type) => type.id === appliance)?.name ?? appliance;
  return name.toLowerCase();
}

export const spanishHours = "lunes a sábado, de 8:00 a. m. a 6:00 p. m.";

/** The office as the Spanish emails sign: "Easy Appliance Repair de Texas". */
export function spanishOfficeName(office: CompanyProfile): string {
  return officeName(office, "es");
}

/**
 * "Cargo por visita: $89 (la condición de la oficina, en inglés: "waived when …")." The fee is
 * the office's; its condition is the owner's own words, written in English on /office/prices.
 */
export function spanishServiceCall(
  policy: Pick<PricePolicy, "serviceCallCents" | "serviceCallRule">,
) {
  const fee = formatMoney(policy.serviceCallCents, { cents: "when-needed" });
  return `Cargo por visita: ${fee} (condición de la oficina, en inglés: “${policy.serviceCallRule}”).`;
}
