/** How a wordmark is drawn: a 160 × 48 box, the name set in bold, and one of five frames. */
export interface BrandMark {
  color: string;
  frame: "underline" | "box" | "pill" | "bars" | "dots";
  serif?: boolean;
  fontSize: number;
  letterSpacing?: number;
  /** Long names are fitted to this width (and an underline drawn as wide). */
  textLength?: number;
}

export interface Brand {
  name: string;
  slug: string;
  /** Our own simple wordmark, drawn inline (see BrandLogo), not the maker's trademark artwork. */
  mark: BrandMark;
}

export const brands: readonly Brand[] = [
  {
    name: "Admiral",
    slug: "admiral",
    mark: { color: "#1e3a8a", frame: "underline", fontSize: 25 },
  },
  {
    name: "Beko",
    slug: "beko",
    mark: { color: "#1d4ed8", frame: "box", fontSize: 26, letterSpacing: 2 },
  },
  {
    name: "Bosch",
    slug: "bosch",
    mark: { color: "#b91c1c", frame: "bars", fontSize: 26, letterSpacing: 3 },
  },
  {
    name: "GE",
    slug: "ge",
    mark: { color: "#1e40af", frame: "pill", serif: true, fontSize: 28, letterSpacing: 2 },
  },
  {
    name: "Hotpoint",
    slug: "hotpoint",
    mark: { color: "#1f2937", frame: "underline", fontSize: 24, textLength: 108 },
  },
  {
    name: "Jenn Air",
    slug: "jenn-air",
    mark: { color: "#111827", frame: "dots", fontSize: 22, textLength: 100 },
  },
  {
    name: "Kelvinator",
    slug: "kelvinator",
    mark: { color: "#1e3a8a", frame: "box", fontSize: 22, textLength: 124 },
  },
  {
    name: "Kenmore",
    slug: "kenmore",
    mark: { color: "#1f2937", frame: "underline", fontSize: 25 },
  },
  {
    name: "KitchenAid",
    slug: "kitchenaid",
    mark: { color: "#991b1b", frame: "underline", fontSize: 23, textLength: 128 },
  },
  {
    name: "LG",
    slug: "lg",
    mark: { color: "#9f1239", frame: "box", fontSize: 28, letterSpacing: 3 },
  },
  {
    name: "Subzero",
    slug: "subzero",
    mark: { color: "#1f2937", frame: "bars", fontSize: 23, letterSpacing: 1 },
  },
  {
    name: "Magic Chef",
    slug: "magic-chef",
    mark: { color: "#7c2d12", frame: "pill", serif: true, fontSize: 22, textLength: 118 },
  },
  {
    name: "Samsung",
    slug: "samsung",
    mark: { color: "#1e40af", frame: "underline", fontSize: 24, letterSpacing: 1 },
  },
  {
    name: "Speed Queen",
    slug: "speed-queen",
    mark: { color: "#1f2937", frame: "box", fontSize: 20, textLength: 128 },
  },
  {
    name: "Westinghouse",
    slug: "westinghouse",
    mark: { color: "#1e3a8a", frame: "underline", fontSize: 20, textLength: 136 },
  },
  {
    name: "Whirlpool",
    slug: "whirlpool",
    mark: { color: "#1f2937", frame: "dots", fontSize: 22, textLength: 104 },
  },
  {
    name: "Miele",
    slug: "miele",
    mark: { color: "#991b1b", frame: "bars", serif: true, fontSize: 26, letterSpacing: 2 },
  },
  {
    name: "Thermador",
    slug: "thermador",
    mark: { color: "#1f2937", frame: "underline", serif: true, fontSize: 23, textLength: 122 },
  },
  {
    name: "Dacor",
    slug: "dacor",
    mark: { color: "#1f2937", frame: "box", serif: true, fontSize: 24, letterSpacing: 4 },
  },
  {
    name: "Monogram",
    slug: "monogram",
    mark: { color: "#111827", frame: "bars", serif: true, fontSize: 22, textLength: 112 },
  },
];
