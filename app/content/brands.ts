export interface Brand {
  name: string;
  slug: string;
  /** Path of the wordmark SVG under public/. */
  logo: string;
  /** Intrinsic size of the SVG, so the page reserves its box. */
  logoWidth: number;
  logoHeight: number;
}

export const brands: readonly Brand[] = [
  {
    name: "Admiral",
    slug: "admiral",
    logo: "/brands/admiral.svg",
    logoWidth: 160,
    logoHeight: 48,
  },
  {
    name: "Beko",
    slug: "beko",
    logo: "/brands/beko.svg",
    logoWidth: 160,
    logoHeight: 48,
  },
  {
    name: "Bosch",
    slug: "bosch",
    logo: "/brands/bosch.svg",
    logoWidth: 160,
    logoHeight: 48,
  },
  {
    name: "GE",
    slug: "ge",
    logo: "/brands/ge.svg",
    logoWidth: 160,
    logoHeight: 48,
  },
  {
    name: "Hotpoint",
    slug: "hotpoint",
    logo: "/brands/hotpoint.svg",
    logoWidth: 160,
    logoHeight: 48,
  },
  {
    name: "Jenn Air",
    slug: "jenn-air",
    logo: "/brands/jenn-air.svg",
    logoWidth: 160,
    logoHeight: 48,
  },
  {
    name: "Kelvinator",
    slug: "kelvinator",
    logo: "/brands/kelvinator.svg",
    logoWidth: 160,
    logoHeight: 48,
  },
  {
    name: "Kenmore",
    slug: "kenmore",
    logo: "/brands/kenmore.svg",
    logoWidth: 160,
    logoHeight: 48,
  },
  {
    name: "KitchenAid",
    slug: "kitchenaid",
    logo: "/brands/kitchenaid.svg",
    logoWidth: 160,
    logoHeight: 48,
  },
  {
    name: "LG",
    slug: "lg",
    logo: "/brands/lg.svg",
    logoWidth: 160,
    logoHeight: 48,
  },
  {
    name: "Subzero",
    slug: "subzero",
    logo: "/brands/subzero.svg",
    logoWidth: 160,
    logoHeight: 48,
  },
  {
    name: "Magic Chef",
    slug: "magic-chef",
    logo: "/brands/magic-chef.svg",
    logoWidth: 160,
    logoHeight: 48,
  },
  {
    name: "Samsung",
    slug: "samsung",
    logo: "/brands/samsung.svg",
    logoWidth: 160,
    logoHeight: 48,
  },
  {
    name: "Speed Queen",
    slug: "speed-queen",
    logo: "/brands/speed-queen.svg",
    logoWidth: 160,
    logoHeight: 48,
  },
  {
    name: "Westinghouse",
    slug: "westinghouse",
    logo: "/brands/westinghouse.svg",
    logoWidth: 160,
    logoHeight: 48,
  },
  {
    name: "Whirlpool",
    slug: "whirlpool",
    logo: "/brands/whirlpool.svg",
    logoWidth: 160,
    logoHeight: 48,
  },
  {
    name: "Miele",
    slug: "miele",
    logo: "/brands/miele.svg",
    logoWidth: 160,
    logoHeight: 48,
  },
  {
    name: "Thermador",
    slug: "thermador",
    logo: "/brands/thermador.svg",
    logoWidth: 160,
    logoHeight: 48,
  },
  {
    name: "Dacor",
    slug: "dacor",
    logo: "/brands/dacor.svg",
    logoWidth: 160,
    logoHeight: 48,
  },
  {
    name: "Monogram",
    slug: "monogram",
    logo: "/brands/monogram.svg",
    logoWidth: 160,
    logoHeight: 48,
  },
];
