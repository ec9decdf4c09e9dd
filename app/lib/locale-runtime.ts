/**
 * What the compiled messages (app/paraglide/messages/) import from Paraglide's runtime, in place
 * of its runtime (vite.config.ts, `explicitLocaleRuntime`). Every message is called with its
 * locale, so nothing here detects one: the runtime's detection (cookies, the address's patterns,
 * a global) would cost home about 4 KB of compressed JavaScript and could answer one visitor in
 * another's language on a server drawing two pages at once.
 */
export const experimentalStaticLocale = undefined;

export function getLocale(): never {
  throw new Error(
    "A message was called without its locale: pass { locale } (the page's, from useLocale(), or the request's).",
  );
}
