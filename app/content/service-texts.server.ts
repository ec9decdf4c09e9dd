import type { Locale } from "~/lib/locale";

import type { ServiceSlug, ServiceText } from "./services";

/** The six services' names and card texts in English: the spec's words. */
const englishServiceTexts: readonly ServiceText[] = [
  {
    slug: "refrigerator",
    title: "Refrigerator Repair",
    description:
      "Warm fridge, frosted freezer, leaks or a silent ice maker: we repair top-freezer, bottom-freezer, side-by-side and French-door models.",
  },
  {
    slug: "washer",
    title: "Washer Repair",
    description:
      "Washer won't drain, won't spin, leaks or shakes across the floor? We fix top-load and front-load machines, often on the first visit.",
  },
  {
    slug: "dryer",
    title: "Dryer Repair",
    description:
      "No heat, long drying times, squealing or a dryer that won't start: we repair electric and gas dryers safely and correctly.",
  },
  {
    slug: "oven",
    title: "Oven & Range Repair",
    description:
      "Oven won't heat, bakes unevenly or a burner won't light? We repair gas and electric ranges, wall ovens and cooktops.",
  },
  {
    slug: "dishwasher",
    title: "Dishwasher Repair",
    description:
      "Dirty dishes, standing water or a leak under the door? We repair built-in and portable dishwashers from every major brand.",
  },
  {
    slug: "microwave",
    title: "Microwave Repair",
    description:
      "Microwave runs but won't heat, sparks or won't start? We safely repair over-the-range, built-in and countertop models.",
  },
];

/** The same in Spanish, written for Spanish search ("reparación de secadoras"). */
const spanishServiceTexts: readonly ServiceText[] = [
  {
    slug: "refrigerator",
    title: "Reparación de refrigeradores",
    description:
      "¿El refrigerador no enfría, el congelador tiene escarcha, gotea o la máquina de hielo no funciona? Reparamos modelos con congelador arriba, abajo, de dos puertas y de puerta francesa.",
  },
  {
    slug: "washer",
    title: "Reparación de lavadoras",
    description:
      "¿La lavadora no desagua, no centrifuga, gotea o se mueve por el piso? Reparamos lavadoras de carga superior y frontal, muchas veces en la primera visita.",
  },
  {
    slug: "dryer",
    title: "Reparación de secadoras",
    description:
      "¿La secadora no calienta, tarda mucho en secar, chilla o no arranca? Reparamos secadoras eléctricas y de gas de forma segura y correcta.",
  },
  {
    slug: "oven",
    title: "Reparación de hornos y estufas",
    description:
      "¿El horno no calienta, hornea de forma dispareja o un quemador no enciende? Reparamos estufas de gas y eléctricas, hornos de pared y parrillas.",
  },
  {
    slug: "dishwasher",
    title: "Reparación de lavavajillas",
    description:
      "¿Los platos salen sucios, queda agua en el fondo o gotea por la puerta? Reparamos lavavajillas empotrados y portátiles de todas las marcas principales.",
  },
  {
    slug: "microwave",
    title: "Reparación de microondas",
    description:
      "¿El microondas funciona pero no calienta, saca chispas o no arranca? Reparamos con seguridad modelos sobre la estufa, empotrados y de mesa.",
  },
];

/** The six services' words in a language, in the spec's order. */
export function serviceTexts(locale: Locale): readonly ServiceText[] {
  return locale === "es" ? spanishServiceTexts : englishServiceTexts;
}

export function serviceText(slug: ServiceSlug, locale: Locale): ServiceText {
  const text = serviceTexts(locale).find((service) => service.slug === slug);
  if (!text) throw new Error(`No words for the service ${slug}`);
  return text;
}
