import { cn } from "~/lib/utils";

/**
 * The visitor's office's price lines where a page shows them ("Service call: $89, waived when
 * you go ahead with the repair", "Most dryer repairs: $150-$350"). An office that set no prices
 * shows nothing: no fee is ever guessed.
 */
export function PriceNote({
  lines,
  className,
}: {
  lines: readonly (string | null | undefined)[];
  className?: string;
}) {
  const shown = lines.filter((line): line is string => Boolean(line));
  if (shown.length === 0) return null;
  return (
    <div data-slot="price-note" className={cn("grid gap-1", className)}>
      {shown.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}
