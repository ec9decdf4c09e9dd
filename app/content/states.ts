/**
 * The six states the company serves: the one place their slugs, names, labels and
 * sub-areas are defined. Navigation, profiles, state pages and the sitemap derive from it.
 */
export interface SubArea {
  slug: string;
  label: string;
}

export interface ServiceState {
  slug: StateSlug;
  /** The state's proper name; the value carried in `?region=`. */
  name: string;
  /** The label in the service-areas navigation (North Carolina's reads "North Caroline"). */
  label: string;
  abbreviation: string;
  /** What the sub-areas are, for headings: "Counties", "Towns", ... */
  subAreaKind: string;
  subAreas: readonly SubArea[];
}

export const stateSlugs = [
  "virginia",
  "new-jersey",
  "texas",
  "north-carolina",
  "florida",
  "massachusetts",
] as const;

export type StateSlug = (typeof stateSlugs)[number];

function areas(entries: ReadonlyArray<readonly [slug: string, label: string]>): SubArea[] {
  return entries.map(([slug, label]) => ({ slug, label }));
}

export const serviceStates: readonly ServiceState[] = [
  {
    slug: "virginia",
    name: "Virginia",
    label: "Virginia",
    abbreviation: "VA",
    subAreaKind: "Counties and cities",
    subAreas: areas([
      ["fairfax", "Fairfax"],
      ["arlington", "Arlington"],
      ["loudoun", "Loudoun"],
      ["prince-william", "Prince William"],
      ["fauquier", "Fauquier"],
      ["stafford", "Stafford"],
      ["alexandria", "Alexandria"],
      ["falls-church", "Falls Church"],
      ["manassas", "Manassas"],
      ["manassas-park", "Manassas Park"],
    ]),
  },
  {
    slug: "new-jersey",
    name: "New Jersey",
    label: "New Jersey",
    abbreviation: "NJ",
    subAreaKind: "Counties",
    subAreas: areas([
      ["somerset", "Somerset"],
      ["hunterdon", "Hunterdon"],
      ["mercer", "Mercer"],
      ["middlesex", "Middlesex"],
      ["monmouth", "Monmouth"],
      ["ocean", "Ocean"],
      ["union", "Union"],
      ["burlington", "Burlington"],
    ]),
  },
  {
    slug: "texas",
    name: "Texas",
    label: "Texas",
    abbreviation: "TX",
    subAreaKind: "Counties",
    subAreas: areas([
      ["harris", "Harris"],
      ["fort-bend", "Fort Bend"],
      ["montgomery", "Montgomery"],
      ["brazoria", "Brazoria"],
      ["liberty", "Liberty"],
      ["walker", "Walker"],
      ["wharton", "Wharton"],
      ["waller", "Waller"],
      ["galveston", "Galveston"],
      ["dallas", "Dallas"],
      ["collin", "Collin"],
      ["denton", "Denton"],
      ["tarrant", "Tarrant"],
      ["rockwall", "Rockwall"],
      ["ellis", "Ellis"],
      ["kaufman", "Kaufman"],
    ]),
  },
  {
    slug: "north-carolina",
    name: "North Carolina",
    label: "North Caroline",
    abbreviation: "NC",
    subAreaKind: "Towns",
    subAreas: areas([
      ["bear-creek", "Bear Creek"],
      ["bennett", "Bennett"],
      ["bonlee", "Bonlee"],
      ["goldston", "Goldston"],
      ["gulf", "Gulf"],
      ["highfalls", "High Falls"],
      ["pittsboro", "Pittsboro"],
      ["sanford", "Sanford"],
      ["siler-city", "Siler City"],
      ["apex", "Apex"],
      ["broadway", "Broadway"],
      ["buies-creek", "Buies Creek"],
      ["cary", "Cary"],
      ["chapel-hill", "Chapel Hill"],
      ["fuquay-varina", "Fuquay-Varina"],
      ["holly-springs", "Holly Springs"],
      ["lillington", "Lillington"],
      ["moncure", "Moncure"],
      ["new-hill", "New Hill"],
      ["raleigh", "Raleigh"],
      ["clemmons", "Cameron"],
      ["carthage", "Carthage"],
      ["lakeview", "Lakeview"],
      ["lemon-springs", "Lemon Springs"],
      ["olivia", "Olivia"],
      ["vass", "Vass"],
    ]),
  },
  {
    slug: "florida",
    name: "Florida",
    label: "Florida",
    abbreviation: "FL",
    subAreaKind: "Communities",
    subAreas: areas([
      ["spring-hill", "Spring Hill"],
      ["brooksville", "Brooksville"],
      ["aripeka", "Aripeka"],
      ["moon-lake", "Moon Lake"],
      ["holiday", "Holiday"],
    ]),
  },
  {
    slug: "massachusetts",
    name: "Massachusetts",
    label: "Massachusetts",
    abbreviation: "MA",
    subAreaKind: "Towns",
    subAreas: areas([
      ["cohasset", "Cohasset"],
      ["hingham", "Hingham"],
      ["hull", "Hull"],
      ["marshfield", "Marshfield"],
      ["norwell", "Norwell"],
      ["norwood", "Norwood"],
      ["scituate", "Scituate"],
      ["westwood", "Westwood"],
      ["quincy", "Quincy"],
      ["braintree", "Braintree"],
      ["milton", "Milton"],
      ["weymouth", "Weymouth"],
      ["east-weymouth", "East Weymouth"],
      ["duxbury", "Duxbury"],
      ["hanover", "Hanover"],
      ["pembroke", "Pembroke"],
      ["kingston", "Kingston"],
      ["rockland", "Rockland"],
    ]),
  },
];

export const defaultStateSlug: StateSlug = "texas";

export function stateBySlug(slug: string): ServiceState | undefined {
  return serviceStates.find((state) => state.slug === slug);
}

/** Matches `?region=` against a state's name or navigation label, case-insensitively. */
export function findStateByRegion(region: string | null | undefined): ServiceState | undefined {
  const wanted = region?.trim().toLowerCase();
  if (!wanted) return undefined;
  return serviceStates.find(
    (state) => state.name.toLowerCase() === wanted || state.label.toLowerCase() === wanted,
  );
}
