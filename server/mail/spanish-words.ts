/**
 * What the homeowner's emails and calendar files say in Spanish (issue 39), in US Spanish and
 * "usted", with the trade's words of docs/glossary-es.md. The English stays beside its email;
 * these are the same sentences, not a translation of each word.
 */
import { applianceTypesIn } from "~/content/appliances";
import { officeName } from "~/content/navigation";
import type { CompanyProfile } from "~/content/company";
import type { EstimateLineKind } from "~/domain/after-the-job";
import { estimateLineKindLabels } from "~/domain/estimate";

/** "secadora": the appliance as a sentence names it. */
export function spanishAppliance(appliance: string): string {
  // "Varios" and "Otro" name a choice in the dialog, not a thing in a sentence ("su varios").
  const inSentence = sentenceNames[appliance];
  if (inSentence) return inSentence;
  const name = applianceTypesIn("es").find((type) => type.id === appliance)?.name ?? appliance;
  return name.toLowerCase();
}

const sentenceNames: Partial<Record<string, string>> = {
  combo: "equipo combinado",
  other: "electrodoméstico",
};

export const spanishHours = "lunes a sábado, de 8:00 a. m. a 6:00 p. m.";

/** The office as the Spanish emails sign: "Easy Appliance Repair de Texas". */
export function spanishOfficeName(office: CompanyProfile): string {
  return officeName(office, "es");
}

/** "10:40 AM" → "10:40 a. m.": a time of day as the Spanish emails write it. */
export function spanishClock(time: string): string {
  return time.replace(
    /\s*([AaPp])\.?\s*[Mm]\.?$/,
    (_, half: string) => ` ${half.toLowerCase()}. m.`,
  );
}

export const spanishLineKinds: Record<EstimateLineKind, string> = {
  part: "Pieza",
  labour: "Mano de obra",
};

/** An estimate line's kind as it is shown ("Part", "Labour") → "Pieza", "Mano de obra". */
export function spanishLineKind(shown: string): string {
  const kind = (Object.keys(estimateLineKindLabels) as EstimateLineKind[]).find(
    (candidate) => estimateLineKindLabels[candidate] === shown,
  );
  return kind ? spanishLineKinds[kind] : shown;
}
