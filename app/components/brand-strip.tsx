import { brands } from "~/content/brands";

/** The strip's image (routes/brand-strip-svg.tsx) draws the row of marks this many times. */
export const brandStripCopies = 2;

/**
 * A continuous, linear logo strip in CSS alone: one image holds the row of wordmarks twice and
 * slides by half its width. 6/5/4/3/2 logos fit the viewport at >1280/1280/1024/768/640 px, so
 * the image is 40 cells of 16.7/20/25/33.3/50vw. An image rather than inline SVG: the strip is
 * decoration (the names are in the list), and forty inline marks were a fifth of the home
 * page's HTML and elements, parsed, laid out and hydrated on every visit.
 */
export function BrandStrip() {
  return (
    <div className="relative overflow-hidden" aria-label="Brands we repair" role="region">
      <ul className="sr-only">
        {brands.map((brand) => (
          <li key={brand.slug}>{brand.name}</li>
        ))}
      </ul>
      <div className="w-max animate-marquee hover:[animation-play-state:paused]">
        <img
          src="/brand-strip.svg"
          alt=""
          height={72}
          loading="lazy"
          decoding="async"
          className="block h-18 w-[2000vw] max-w-none opacity-80 grayscale md:w-[1333.333vw] lg:w-[1000vw] xl:w-[800vw] 2xl:w-[666.667vw]"
        />
      </div>
    </div>
  );
}
