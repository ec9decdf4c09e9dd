import { useLocation, useMatches } from "react-router";

import { isLocale, localeOfPath, type Locale } from "./locale";

/**
 * The language of the page being drawn: a private page's loader names its request's language;
 * otherwise the address's.
 */
export function useLocale(): Locale {
  const matches = useMatches();
  const { pathname } = useLocation();
  for (const match of matches) {
    const data = match.loaderData as { locale?: unknown } | undefined;
    if (isLocale(data?.locale)) return data.locale;
  }
  return localeOfPath(pathname);
}
