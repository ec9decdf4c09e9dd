import { expect, test } from "vitest";

import { hasSpanishTwin, localeOfPath, localizedHref, unlocalizedPath } from "./locale";

test("a page's language is its address's: /es and below are Spanish", () => {
  expect(localeOfPath("/es")).toBe("es");
  expect(localeOfPath("/es/services/dryer")).toBe("es");
  expect(localeOfPath("/")).toBe("en");
  expect(localeOfPath("/services")).toBe("en");
  // A path that only starts with the letters is not Spanish.
  expect(localeOfPath("/estimates")).toBe("en");
  expect(unlocalizedPath("/es")).toBe("/");
  expect(unlocalizedPath("/es/contact")).toBe("/contact");
  expect(unlocalizedPath("/contact")).toBe("/contact");
});

test("an internal link follows the page's language, keeping its query and fragment", () => {
  expect(localizedHref("/", "es")).toBe("/es");
  expect(localizedHref("/services/dryer", "es")).toBe("/es/services/dryer");
  expect(localizedHref("/service-areas/texas?county=harris#areas-served", "es")).toBe(
    "/es/service-areas/texas?county=harris#areas-served",
  );
  expect(localizedHref("/es/brands?region=texas", "en")).toBe("/brands?region=texas");
  expect(localizedHref("/es/brands", "es")).toBe("/es/brands");
  expect(localizedHref("/modals/schedule?appliance=dryer", "es")).toBe(
    "/es/modals/schedule?appliance=dryer",
  );
});

test("pages without a Spanish twin keep their one address in either language", () => {
  for (const path of ["/office", "/office/leads/7", "/requests/abc", "/unsubscribe", "/403"]) {
    expect(hasSpanishTwin(path), path).toBe(false);
    expect(localizedHref(path, "es"), path).toBe(path);
  }
  expect(hasSpanishTwin("/services/dryer")).toBe(true);
  expect(hasSpanishTwin("/servicesx")).toBe(false);
});
