import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe on the page as drawn now. Every rule runs and every violation is reported in full; the
 * passes and the rest are not gathered node by node (`resultTypes`), which no journey reads and
 * which took about a fifth of each run.
 */
export function axe(page: Page) {
  return new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
}
