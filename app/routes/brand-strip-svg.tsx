import { renderToStaticMarkup } from "react-dom/server";

import { BrandMark } from "~/components/brand-logo";
import { brandStripCopies } from "~/components/brand-strip";
import { brands } from "~/content/brands";

// An SVG image does not inherit the page's font: this is the page's stack (app.css, --font-sans).
const systemFontStack =
  'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

/**
 * The home page's scrolling brand strip as one image: every wordmark in a cell of equal width,
 * the row drawn twice for the marquee. The image has no fixed size: cells are percentages of the
 * width the page gives it, each mark 40 px high and centred in its cell, as the strip was drawn
 * in the page.
 */
function BrandStripArtwork() {
  const cells = Array.from({ length: brandStripCopies }, () => brands).flat();
  const cellWidth = 100 / cells.length;
  return (
    <svg xmlns="http://www.w3.org/2000/svg" fontFamily={systemFontStack}>
      {cells.map((brand, index) => (
        <svg
          key={index}
          x={`${index * cellWidth}%`}
          y="16"
          width={`${cellWidth}%`}
          height="40"
          viewBox="0 0 160 48"
        >
          <BrandMark brand={brand} />
        </svg>
      ))}
    </svg>
  );
}

export function loader() {
  return new Response(renderToStaticMarkup(<BrandStripArtwork />), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
