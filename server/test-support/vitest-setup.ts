/** Vitest's set-up for every test file (vitest.config.ts `setupFiles`). */
import { failOnUnexpectedConsoleErrors } from "./console-errors";

failOnUnexpectedConsoleErrors();
