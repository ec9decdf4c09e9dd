import { stateTestAddresses } from "../server/geo/test-addresses";

import { expect, sharedPageTest as test } from "./support/fixtures";

/** The quotes of home's reviews, in order, from HTML text or from the page. */
function quotesIn(html: string) {
  const section = html.slice(html.indexOf('id="reviews"'));
  return [...section.matchAll(/<blockquote[^>]*><p>([^<]*)<\/p><\/blockquote>/g)].map((m) =>
    m[1]!
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&"),
  );
}

test("home keeps the reviews the server picked through hydration, the address update and a dialog", async ({
  page,
}) => {
  // Arriving as from a search result: no ?region=, a visitor the server places in Virginia.
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": stateTestAddresses.Virginia });
  const response = await page.goto("/");
  const fromServer = quotesIn(await response!.text());
  expect(fromServer).toHaveLength(3);

  const onScreen = page.locator("#reviews blockquote");
  const expectServerReviews = () => expect(onScreen).toHaveText(fromServer as string[]);
  await expectServerReviews();

  // The address gains the detected region without a reload; nothing on screen changes.
  await expect(page).toHaveURL(/\/\?region=Virginia$/);
  await expectServerReviews();

  // A dialog opened over home, then closed: the same page behind it, the same reviews.
  await page.getByRole("link", { name: "Schedule Now" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expectServerReviews();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/\?region=Virginia$/);
  await expectServerReviews();

  // Closed with its Cancel button this time.
  await page.getByRole("link", { name: "Schedule Now" }).click();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expectServerReviews();
});

test("the dialog visited directly keeps the reviews drawn behind it when it closes", async ({
  page,
}) => {
  const response = await page.goto("/modals/schedule?region=Texas");
  const fromServer = quotesIn(await response!.text());
  expect(fromServer).toHaveLength(3);
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/\?region=Texas$/);
  await expect(page.locator("#reviews blockquote")).toHaveText(fromServer as string[]);
});
