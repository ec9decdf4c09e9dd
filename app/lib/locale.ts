/**
 * The site's two languages (issue 39): English at `/`, Spanish at `/es/…`. A public page's
 * language is its address's; the homeowner's private pages are in the language they booked in
 * (their loader answers `locale`). Nothing else chooses it: no cookie, no `Accept-Language`.
 */
export const locales = ["en", "es"] as const;
export type Locale = (typeof locales)[number];

export function isLocale(value: unknown): value is Locale {
  return value === "en" || value === "es";
}

/** The `lang` attribute of a page in this language (English kept its "en-US"). */
export function htmlLang(locale: Locale): string {
  return locale === "es" ? "es" : "en-US";
}

const spanishPrefix = "/es";

export function localeOfPath(pathname: string): Locale {
  return pathname === spanishPrefix || pathname.startsWith(`${spanishPrefix}/`) ? "es" : "en";
}

/** The English address of a page: "/es/services" → "/services", "/es" → "/". */
export function unlocalizedPath(pathname: string): string {
  if (localeOfPath(pathname) === "en") return pathname;
  return pathname.slice(spanishPrefix.length) || "/";
}

/**
 * An internal href in a language: "/services?region=texas" → "/es/services?region=texas".
 * Hrefs outside the public pages (the desk, a private page, a file) are left as they are.
 */
export function localizedHref(href: string, locale: Locale): string {
  const pathEnd = href.search(/[?#]/);
  const pathname = pathEnd === -1 ? href : href.slice(0, pathEnd);
  const rest = pathEnd === -1 ? "" : href.slice(pathEnd);
  const english = unlocalizedPath(pathname);
  if (locale === "en" || !hasSpanishTwin(english)) return `${english}${rest}`;
  return `${english === "/" ? spanishPrefix : `${spanishPrefix}${english}`}${rest}`;
}

// The public pages that have both languages (app/routes.ts): their sub-pages too.
const bilingualSections = [
  "/services",
  "/service-areas",
  "/brands",
  "/reviews",
  "/contact",
  "/policy",
  "/location",
  "/modals/schedule",
  "/newsletter",
];

export function hasSpanishTwin(englishPath: string): boolean {
  return (
    englishPath === "/" ||
    bilingualSections.some(
      (section) => englishPath === section || englishPath.startsWith(`${section}/`),
    )
  );
}

/** The language of a request for a public page or form: its address's. */
export function requestLocale(request: Request): Locale {
  return localeOfPath(new URL(request.url).pathname);
}
