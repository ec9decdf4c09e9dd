import { workingHours, type CompanyProfile } from "~/content/company";
import { serviceStates } from "~/content/states";

import { localizedHref, type Locale } from "./locale";

/** schema.org HomeAndConstructionBusiness for one office. No self-hosted review ratings. */
export function businessJsonLd(profile: CompanyProfile, siteUrl: string) {
  const state = serviceStates.find((candidate) => candidate.slug === profile.stateSlug);
  return {
    "@context": "https://schema.org",
    "@type": "HomeAndConstructionBusiness",
    "@id": `${siteUrl}/#${profile.stateSlug}`,
    name: profile.name,
    url: `${siteUrl}/`,
    image: `${siteUrl}/og-image.png`,
    telephone: profile.phoneForCall,
    email: profile.email,
    priceRange: "$$",
    address: {
      "@type": "PostalAddress",
      streetAddress: profile.street,
      addressLocality: profile.city,
      addressRegion: state?.abbreviation,
      postalCode: profile.postalCode,
      addressCountry: "US",
    },
    geo: { "@type": "GeoCoordinates", latitude: profile.latitude, longitude: profile.longitude },
    openingHoursSpecification: [
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
        opens: workingHours.opens,
        closes: workingHours.closes,
      },
    ],
    areaServed: [
      { "@type": "State", name: state?.name },
      ...(state?.subAreas ?? []).map((area) => ({ "@type": "Place", name: area.label })),
    ],
  };
}

/** The trail's English paths, each in the page's language. */
export function breadcrumbJsonLd(
  siteUrl: string,
  trail: ReadonlyArray<{ name: string; path: string }>,
  locale: Locale = "en",
) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: `${siteUrl}${localizedHref(crumb.path, locale)}`,
    })),
  };
}

export function serviceJsonLd(
  siteUrl: string,
  profile: CompanyProfile,
  service: { name: string; description: string; path: string },
  locale: Locale = "en",
) {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: service.name,
    description: service.description,
    url: `${siteUrl}${localizedHref(service.path, locale)}`,
    ...(locale === "en" ? {} : { inLanguage: locale }),
    serviceType: service.name,
    provider: { "@id": `${siteUrl}/#${profile.stateSlug}` },
    areaServed: serviceStates.map((state) => ({ "@type": "State", name: state.name })),
  };
}
