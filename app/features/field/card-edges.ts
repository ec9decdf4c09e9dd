/**
 * The edges of a visit card's controls, read in the sun: at least 3:1 against the card's white
 * (WCAG 1.4.11, non-text contrast). Tailwind's slate-500 is 4.8:1 there (4.5:1 on slate-50);
 * the shared controls' slate-300 is 1.5:1 and slate-200 1.2:1, too faint to find a field by.
 * Native checkboxes and radios keep the browser's own edge (#767676, 4.5:1).
 */
export const controlEdge = "border-slate-500";

/** A folded form on the card (`<details>`): the box its summary is tapped in. */
export const foldClass = "rounded-lg border border-slate-500";

export const foldSummaryClass = "min-h-11 cursor-pointer px-3 py-2.5 font-semibold text-slate-900";

/** The form under a fold's summary. */
export const foldBodyClass = "grid gap-3 border-t border-slate-300 p-3";

/** A checkbox of the card: the browser's box, 20 px, ticked in the brand's blue. */
export const checkboxClass = "size-5 shrink-0 accent-brand-700";
