import { Globe } from "lucide-react";
import { Link } from "react-router";

import { hasSpanishTwin, unlocalizedPath } from "~/lib/locale";
import { useLocale } from "~/lib/use-locale";
import { usePageLocation } from "~/lib/page-location";
import { useRegion } from "~/lib/use-region";
import { cn } from "~/lib/utils";

/**
 * "Español" on an English page, "English" on a Spanish one: the same page in the other language,
 * its name written in that language. The choice lives only in the address (issue 39, point 2).
 */
export function LanguageLink({ className }: { className?: string }) {
  const locale = useLocale();
  const { pathname, search } = usePageLocation();
  const { linkIn } = useRegion();
  const englishPath = unlocalizedPath(pathname);
  if (!hasSpanishTwin(englishPath)) return null;
  const other = locale === "es" ? "en" : "es";
  return (
    <Link
      to={linkIn(`${englishPath}${search}`, other)}
      lang={other}
      hrefLang={other}
      className={cn("inline-flex items-center gap-1.5", className)}
    >
      <Globe className="size-4 shrink-0" aria-hidden="true" />
      {other === "es" ? "Español" : "English"}
    </Link>
  );
}
