import { BrandLogo } from "~/components/brand-logo";
import { brands } from "~/content/brands";
import { useLocale } from "~/lib/use-locale";
import * as m from "~/paraglide/messages/_index.js";

/**
 * A continuous, linear logo strip in CSS alone: the list is drawn twice and slides by half
 * its width. 6/5/4/3/2 logos fit the viewport at >1280/1280/1024/768/640 px.
 */
export function BrandStrip() {
  const locale = useLocale();
  return (
    <div
      className="relative overflow-hidden"
      aria-label={m.brands_we_repair_label({}, { locale })}
      role="region"
    >
      <ul className="sr-only">
        {brands.map((brand) => (
          <li key={brand.slug}>{brand.name}</li>
        ))}
      </ul>
      <div
        className="flex w-max animate-marquee hover:[animation-play-state:paused]"
        aria-hidden="true"
      >
        {[0, 1].map((copy) => (
          <div key={copy} className="flex">
            {brands.map((brand) => (
              <div
                key={brand.slug}
                className="flex w-[50vw] shrink-0 items-center justify-center px-6 py-4 md:w-[33.333vw] lg:w-[25vw] xl:w-[20vw] 2xl:w-[16.666vw]"
              >
                <BrandLogo brand={brand} decorative className="h-10 w-auto opacity-80 grayscale" />
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
