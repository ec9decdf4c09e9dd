import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe on the page as drawn now. Every rule runs and every violation is reported in full; the
 * passes and the rest are not gathered node by node (`resultTypes`), which no journey reads and
 * which took about a fifth of each run.
 *
 * `axe.run` in the page itself (`setLegacyMode`): the default runs each frame's part and then
 * opens a blank tab to join them, which took three times as long (home at 375 px: 1.4-1.8 s
 * against 0.5-0.7 s, and four times the test runner's CPU). The one thing it gives up, frames of
 * another origin, no page of ours has; a same-origin frame's violations are reported alike.
 */
export function axe(page: Page) {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
}
