import { Languages } from "lucide-react";

import type { Locale } from "~/lib/locale";

/**
 * "Prefers Spanish" beside a homeowner who booked on the Spanish pages (issue 39): everything they
 * are sent is in Spanish, and the office knows before it calls. Nothing for English.
 */
export function PrefersSpanishChip({ language }: { language: Locale }) {
  if (language !== "es") return null;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-sky-100 px-2 py-0.5 align-middle text-xs font-semibold whitespace-nowrap text-sky-900">
      <Languages className="size-3.5" aria-hidden="true" />
      Prefers Spanish
    </span>
  );
}
