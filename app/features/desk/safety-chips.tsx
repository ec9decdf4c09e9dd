import { TriangleAlert } from "lucide-react";

import { safetyLabels, type SafetyConcern } from "~/domain/safety";

/** A request's dangers as red chips ("Gas smell"), where the desk lists or shows it. */
export function SafetyChips({ concerns }: { concerns: readonly SafetyConcern[] }) {
  if (concerns.length === 0) return null;
  return (
    <ul className="inline-flex flex-wrap gap-1.5 align-middle" aria-label="Safety">
      {concerns.map((concern) => (
        <li
          key={concern}
          className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-red-900"
        >
          <TriangleAlert className="size-3.5" aria-hidden="true" />
          {safetyLabels[concern]}
        </li>
      ))}
    </ul>
  );
}
