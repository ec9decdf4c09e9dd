import { expect, test } from "vitest";

import { plainOrNull } from "./format";

test("an address reads as typed when nothing in it could become a link", () => {
  for (const address of [
    "1200 Main St, Houston, TX",
    "12 Elm St., Apt 4B, Princeton, NJ 08540",
    "Suite 4: back door, gate code #1234",
    "Rue de l'Église 3 — 2nd floor",
  ]) {
    expect(plainOrNull(address)).toBe(address);
  }
  expect(plainOrNull("12 Elm St\r\nBcc: x")).toBe("12 Elm St Bcc: x");
});

test("anything a mail or calendar app could make a link of, or markup, is not shown at all", () => {
  for (const bait of [
    "1200 Main St https://evil.example/login",
    "see evil.example",
    "www evil com",
    "victim@evil",
    "victim＠evil",
    "evil。example",
    "evil．example",
    "evil\u200b.example",
    "10.0.0.1 Main St",
    "http:\\\\evil",
    'Main St <a href="x">',
    "mailto:victim",
    "tel:+18005550100",
  ]) {
    expect(plainOrNull(bait), bait).toBeNull();
  }
});
