import type { HomeContent } from "./home-page";

/**
 * The home content on screen (the reviews the server picked): a dialog opened over home and
 * closed again shows the same page, not three new reviews.
 */
let shown: HomeContent | undefined;

export function rememberShownHomeContent(content: HomeContent | undefined) {
  if (content) shown = content;
}

export function shownHomeContent(): HomeContent | undefined {
  return shown;
}
