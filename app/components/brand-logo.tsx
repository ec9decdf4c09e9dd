import type { Brand } from "~/content/brands";

const serif = "Georgia, 'Times New Roman', Times, serif";

/** The frame around or under the name, as one path: outlined (box, pill) or filled. */
function framePath({ frame, textLength = 84 }: Brand["mark"]): [d: string, outlined: boolean] {
  switch (frame) {
    case "underline":
      return [`M${80 - textLength / 2} 36h${textLength}v3h-${textLength}Z`, false];
    case "box":
      return ["M9 5h142a6 6 0 0 1 6 6v26a6 6 0 0 1-6 6H9a6 6 0 0 1-6-6V11a6 6 0 0 1 6-6Z", true];
    case "pill":
      return ["M23 6h114a18 18 0 0 1 0 36H23a18 18 0 0 1 0-36Z", true];
    case "bars":
      return ["M30 6h100v2H30ZM30 40h100v2H30Z", false];
    case "dots":
      return ["M10 24a4 4 0 1 0 8 0a4 4 0 1 0-8 0ZM142 24a4 4 0 1 0 8 0a4 4 0 1 0-8 0Z", false];
  }
}

/**
 * A brand's wordmark, drawn in the page itself: an inline SVG shares the page's font, where
 * twenty `<img>` SVG files would each be a document of their own to load, style and lay out.
 * Decorative copies (the scrolling strip's) are hidden from assistive technology.
 */
export function BrandLogo({
  brand,
  className,
  decorative = false,
}: {
  brand: Brand;
  className?: string;
  decorative?: boolean;
}) {
  const { mark } = brand;
  const letterSpacing = mark.letterSpacing ?? 0;
  const [frame, outlined] = framePath(mark);
  return (
    <svg
      viewBox="0 0 160 48"
      width="160"
      height="48"
      className={className}
      {...(decorative
        ? { "aria-hidden": true, focusable: false }
        : { role: "img", "aria-label": `${brand.name} logo` })}
    >
      <path
        d={frame}
        fill={outlined ? "none" : mark.color}
        stroke={outlined ? mark.color : undefined}
        strokeWidth={outlined ? 2 : undefined}
      />
      <text
        x={80 + letterSpacing / 2}
        y={mark.frame === "underline" ? 29 : 32}
        textAnchor="middle"
        fill={mark.color}
        fontFamily={mark.serif ? serif : undefined}
        fontSize={mark.fontSize}
        fontWeight="700"
        letterSpacing={mark.letterSpacing}
        textLength={mark.textLength}
        lengthAdjust={mark.textLength ? "spacingAndGlyphs" : undefined}
      >
        {brand.name}
      </text>
    </svg>
  );
}
