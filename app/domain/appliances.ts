/**
 * An appliance's name as the pages, the desk, the emails and the texts write it, from the slug a
 * request stores ("washer"). The names themselves are content (`~/content/appliances`).
 */
import { applianceTypes } from "~/content/appliances";

/** How the name is written where it is read. */
export interface ApplianceNameStyle {
  /** Lowercase, inside a sentence: "your washing machine repair" (a text, an email's words). */
  inSentence?: boolean;
}

/**
 * "washer" → "Washing Machine" (a label, a title), or "washing machine" in a sentence. A slug
 * that is not one of ours (an old row, a missing one) reads as "Appliance" / "appliance".
 */
export function applianceName(
  id: string | null | undefined,
  style: ApplianceNameStyle = {},
): string {
  const name = applianceTypes.find((type) => type.id === id)?.name ?? "Appliance";
  return style.inSentence ? name.toLowerCase() : name;
}
