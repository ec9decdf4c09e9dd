/** A danger a homeowner can describe, with something to do about it before the visit. */
export type SafetyConcern = "gas" | "electrical" | "water";

/**
 * Plain-English phrases per concern, as regular-expression sources: matched whole-word and
 * case-insensitively, a space standing for any run of white space. Whole words keep "gasket"
 * and "smoker grill" out.
 */
const phrases: Record<SafetyConcern, readonly string[]> = {
  gas: [
    "smell(s|ed|ing)? (of |like )?gas",
    "gas (smell|odou?r)s?",
    "smells? like (a )?(gas|propane)",
    "gas leak(s|ing)?",
    "leak(s|ing)? gas",
    "rotten eggs?",
    "sulfur smell",
    // Spanish (issue 39): "huele a gas", "olor a gas", "fuga de gas", "huevo podrido".
    "huele a gas",
    "olor a gas",
    "fugas? de gas",
    "huevos? podridos?",
  ],
  electrical: [
    "burning",
    "burnt",
    "burned smell",
    "smoke",
    "smoking",
    "smoky",
    "sparks?",
    "sparking",
    "sparked",
    "arcing",
    "flames?",
    "(caught|on) fire",
    "melted (wire|wires|plug|cord|outlet)",
    "chispas?",
    "chispea",
    "humo",
    "(huele|olor) a quemado",
    "fuego",
    "incendio",
    "en llamas",
  ],
  water: [
    "flood(s|ed|ing)?",
    "water (is )?(on|all over) the floor",
    "leak(s|ed|ing)? (on|onto|all over) the floor",
    "leak(s|ing)? water",
    "water leak(s|ing)?",
    "puddles?",
    "overflow(s|ed|ing)?",
    "inundad[oa]s?",
    "inundaci[oó]n",
    "agua (en|por) (el|todo el) piso",
    "charcos?",
    "se desborda",
    "fugas? de agua",
  ],
};

const concernOrder: readonly SafetyConcern[] = ["gas", "electrical", "water"];

const patterns = Object.fromEntries(
  concernOrder.map((concern) => [
    concern,
    new RegExp(`\\b(?:${phrases[concern].join("|").replaceAll(" ", "\\s+")})\\b`, "gi"),
  ]),
) as Record<SafetyConcern, RegExp>;

/**
 * "no smoke", "doesn't smell like gas", "not really leaking onto the floor": a negation just
 * before a phrase (at most one word between) turns it off. Any other mention still counts, so a
 * doubt shows the notice rather than hiding it.
 */
const negationBefore =
  /\b(?:no|not|never|without|isn'?t|wasn'?t|aren'?t|don'?t|doesn'?t|didn'?t|hasn'?t|haven'?t|sin|nunca|ni)\s+(?:\w+\s+)?$/i;

function mentions(description: string, pattern: RegExp): boolean {
  for (const match of description.matchAll(pattern)) {
    if (!negationBefore.test(description.slice(0, match.index))) return true;
  }
  return false;
}

/** The dangers a problem description mentions, in a fixed order (gas first). */
export function safetyConcerns(description: string): SafetyConcern[] {
  const text = description.replaceAll("’", "'");
  return concernOrder.filter((concern) => mentions(text, patterns[concern]));
}

/** A concern as the office and the technician read it, on a chip or in a subject line. */
export const safetyLabels: Record<SafetyConcern, string> = {
  gas: "Gas smell",
  electrical: "Burning or sparks",
  water: "Water on the floor",
};
