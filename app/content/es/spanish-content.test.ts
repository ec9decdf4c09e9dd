import { expect, test } from "vitest";

import { policySections } from "../policy";
import { serviceDetails } from "../service-details.server";
import { statePages } from "../state-pages.server";
import { ownerQuote, whyChooseUs } from "../why-choose-us";
import { spanishPolicySections } from "./policy.server";
import { spanishServiceDetails } from "./service-details.server";
import { spanishStatePages } from "./state-pages.server";
import { spanishOwnerQuote, spanishWhyChooseUs } from "./why-choose-us.server";

// The Spanish pages say what the English ones say, section for section: a paragraph, a problem or
// a policy promise added in English and not in Spanish fails here.

test("every service page has its Spanish, problem for problem", () => {
  expect(spanishServiceDetails.map((detail) => detail.slug)).toEqual(
    serviceDetails.map((detail) => detail.slug),
  );
  for (const [index, english] of serviceDetails.entries()) {
    const spanish = spanishServiceDetails[index]!;
    expect(spanish.intro.length, english.slug).toBe(english.intro.length);
    expect(spanish.problems.length, english.slug).toBe(english.problems.length);
  }
});

test("the dryer page is written for Spanish search", () => {
  const dryer = spanishServiceDetails.find((detail) => detail.slug === "dryer")!;
  expect(dryer.metaDescription).toMatch(/secadoras/);
  expect(dryer.metaDescription).toMatch(/Houston/);
});

test("every state page has its Spanish, section for section", () => {
  expect(spanishStatePages.map((page) => page.slug)).toEqual(statePages.map((page) => page.slug));
  for (const [index, english] of statePages.entries()) {
    const spanish = spanishStatePages[index]!;
    expect(spanish.intro.length, english.slug).toBe(english.intro.length);
    expect(spanish.whyChooseUs.length, english.slug).toBe(english.whyChooseUs.length);
    expect(spanish.localIssues.length, english.slug).toBe(english.localIssues.length);
  }
});

test("the privacy policy makes the same promises in Spanish, list item for list item", () => {
  expect(spanishPolicySections).toHaveLength(policySections.length);
  for (const [index, english] of policySections.entries()) {
    const spanish = spanishPolicySections[index]!;
    expect(spanish.paragraphs.length, english.heading).toBe(english.paragraphs.length);
    expect(spanish.list?.length, english.heading).toBe(english.list?.length);
    expect(Boolean(spanish.closing), english.heading).toBe(Boolean(english.closing));
  }
});

test("home's thirteen reasons and the owner's words are in Spanish", () => {
  expect(spanishWhyChooseUs).toHaveLength(whyChooseUs.length);
  expect(spanishOwnerQuote.author).toBe(ownerQuote.author);
});
