import { applianceTypeIds, type ApplianceTypeId } from "~/content/appliances";

/**
 * What a visitor typed in the booking dialog, kept for this tab only (session storage, never a
 * cookie or an address) so that closing the dialog loses nothing: it comes back when the dialog
 * opens again, and goes once the request is stored or the visitor discards it.
 */
export interface ScheduleDraft {
  appliance?: ApplianceTypeId;
  /** The typed fields by name (name, phone, address, ...), the date and the window. */
  fields: Record<string, string>;
}

const storageKey = "schedule-draft";

/** The fields a visitor types: the hidden machinery (honeypot, key, office) is not kept. */
export const draftFieldNames = [
  "name",
  "email",
  "phone",
  "address",
  "zipCode",
  "preferredDate",
  "preferredTime",
  "brand",
  "model",
  "serialNumber",
  "description",
  "notes",
] as const;

/** Fields whose value alone does not make a draft worth asking about. */
const chosenNotTyped = new Set<string>(["preferredTime"]);

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    // Storage can be switched off (a private window's settings): the dialog works without it.
    return null;
  }
}

export function readDraft(): ScheduleDraft | null {
  const stored = storage()?.getItem(storageKey);
  if (!stored) return null;
  try {
    const parsed = JSON.parse(stored) as Partial<ScheduleDraft>;
    const fields: Record<string, string> = {};
    for (const name of draftFieldNames) {
      const value = parsed.fields?.[name];
      if (typeof value === "string") fields[name] = value;
    }
    const appliance = applianceTypeIds.find((id) => id === parsed.appliance);
    return { appliance, fields };
  } catch {
    return null;
  }
}

/** The draft a step 2 form holds now (its typed fields and the appliance it names). */
export function draftOf(form: HTMLFormElement): ScheduleDraft {
  const data = new FormData(form);
  const fields: Record<string, string> = {};
  for (const name of draftFieldNames) {
    const value = data.get(name);
    if (typeof value === "string" && value !== "") fields[name] = value;
  }
  const appliance = applianceTypeIds.find((id) => id === data.get("selectedAppliance"));
  return { appliance, fields };
}

/** Whether anything was typed: closing the dialog then asks first. */
export function hasTyped(draft: ScheduleDraft | null): boolean {
  return Boolean(
    draft &&
    Object.entries(draft.fields).some(([name, value]) => !chosenNotTyped.has(name) && value.trim()),
  );
}

export function saveDraft(draft: ScheduleDraft) {
  try {
    if (hasTyped(draft)) storage()?.setItem(storageKey, JSON.stringify(draft));
    else storage()?.removeItem(storageKey);
  } catch {
    // Full or switched off: the draft is a convenience, not a promise.
  }
}

export function clearDraft() {
  try {
    storage()?.removeItem(storageKey);
  } catch {
    // As above.
  }
}

/** Puts a draft's typed values back into step 2's fields (uncontrolled inputs). */
export function fillForm(form: HTMLFormElement, draft: ScheduleDraft) {
  for (const name of draftFieldNames) {
    const value = draft.fields[name];
    const element = form.elements.namedItem(name);
    if (
      value === undefined ||
      !(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)
    ) {
      continue;
    }
    if (element.type === "hidden" || element.type === "radio") continue;
    element.value = value;
  }
  // Restored model details are shown, not left folded away.
  if (["brand", "model", "serialNumber"].some((name) => draft.fields[name])) {
    const details = form.querySelector<HTMLDetailsElement>("details[data-model-details]");
    if (details) details.open = true;
  }
}
