import type { Brand } from "~/content/brands";

const serif = "Georgia, 'Times New Roman', Times, serif";

function Frame({ mark }: { mark: Brand["mark"] }) {
  const { color } = mark;
  switch (mark.frame) {
    case "underline": {
      const width = mark.textLength ?? 84;
      return <rect x={80 - width / 2} y="36" width={width} height="3" rx="1.5" fill={color} />;
    }
    case "box":
      return (
        <rect
          x="3"
          y="5"
          width="154"
          height="38"
          rx="6"
          fill="none"
          stroke={color}
          strokeWidth="2"
        />
      );
    case "pill":
      return (
        <rect
          x="5"
          y="6"
          width="150"
          height="36"
          rx="18"
          fill="none"
          stroke={color}
          strokeWidth="2"
        />
      );
    case "bars":
      return (
        <path
          d="M31 6h98a1 1 0 0 1 0 2H31a1 1 0 0 1 0-2ZM31 40h98a1 1 0 0 1 0 2H31a1 1 0 0 1 0-2Z"
          fill={color}
        />
      );
    case "dots":
      return (
        <path
          d="M10 24a4 4 0 1 0 8 0a4 4 0 1 0-8 0ZM142 24a4 4 0 1 0 8 0a4 4 0 1 0-8 0Z"
          fill={color}
        />
      );
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
      <Frame mark={mark} />
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
