/**
 * An unexpected `console.error` fails the Vitest test it was written in (STYLE.md, point 9): the
 * app logs an error only when something went wrong, and a test that passes over one hides it.
 * A test that provokes a logged error on purpose says so with `expectConsoleError(pattern)`;
 * a line the pattern does not match still fails it. A test that replaces `console.error` with
 * its own mock (to read the lines) has taken them over: they never reach the check.
 *
 * Installed for every test file by vitest.config.ts (`setupFiles`: vitest-setup.ts).
 */
import { format, stripVTControlCharacters } from "node:util";

import { afterEach, beforeEach } from "vitest";

const recorder = Symbol.for("appliance-repair.console-error-recorder");

interface Watch {
  unexpected: string[];
  allowed: RegExp[];
}

let watch: Watch | null = null;

/**
 * The current test logs errors matching `pattern` on purpose (a refused connection, a handler
 * that must fail): they are printed but do not fail it. Say why where it is called.
 */
export function expectConsoleError(pattern: RegExp) {
  if (!watch) throw new Error("expectConsoleError() is for the inside of a test");
  watch.allowed.push(pattern);
}

function installRecorder() {
  const current = console.error as typeof console.error & { [recorder]?: true };
  if (current[recorder]) return;
  const print = current.bind(console);
  const recording = Object.assign(
    (...parts: unknown[]) => {
      if (watch) {
        // A logger may colour its line (Better Auth does when the terminal takes colour): the
        // pattern is matched against the words.
        const line = stripVTControlCharacters(format(...parts));
        if (!watch.allowed.some((pattern) => pattern.test(line))) watch.unexpected.push(line);
      }
      print(...parts);
    },
    { [recorder]: true as const },
  );
  console.error = recording;
}

/** Registers the per-test check (vitest-setup.ts). */
export function failOnUnexpectedConsoleErrors() {
  installRecorder();
  beforeEach(() => {
    watch = { unexpected: [], allowed: [] };
  });
  afterEach(() => {
    const { unexpected } = watch ?? { unexpected: [] };
    watch = null;
    if (unexpected.length === 0) return;
    const shown = unexpected.slice(0, 5).map((line) => `  ${line.slice(0, 600)}`);
    const more = unexpected.length > 5 ? [`  … and ${unexpected.length - 5} more`] : [];
    throw new Error(
      [
        `console.error was called ${unexpected.length} time(s) in this test, unexpectedly:`,
        ...shown,
        ...more,
        "Fix what failed; if the test provokes it on purpose, call expectConsoleError(/…/) in it.",
      ].join("\n"),
    );
  });
}
