import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, test } from "vitest";

import { ConfigError, parseConfig } from "./config";
import { configuredClock } from "./test-clock";

// The server's clock at start (server/main.ts): a clock file moves it only when the operator also
// set ALLOW_TEST_CLOCK=1, as the journeys do, and the server says so in its first lines.
describe("The test clock in a production environment", () => {
  const instant = "2031-11-26T15:00:00.000Z";
  let clockDir = "";
  let clockFile = "";

  beforeEach(() => {
    clockDir = mkdtempSync(path.join(tmpdir(), "test-clock-"));
    clockFile = path.join(clockDir, "clock");
    writeFileSync(clockFile, instant);
  });
  afterEach(() => rmSync(clockDir, { recursive: true, force: true }));

  /** The clock a production server starts with, and the lines it logs about it. */
  function startingClock(env: NodeJS.ProcessEnv) {
    const lines: string[] = [];
    const now = configuredClock(parseConfig({ NODE_ENV: "production", ...env }), (line) =>
      lines.push(line),
    );
    return { now, lines };
  }

  test("a clock file without ALLOW_TEST_CLOCK=1 is ignored: real time, and a line saying so", () => {
    for (const allow of [undefined, "", "0"]) {
      const { now, lines } = startingClock({
        TEST_CLOCK_FILE: clockFile,
        ...(allow === undefined ? {} : { ALLOW_TEST_CLOCK: allow }),
      });
      expect(now, `ALLOW_TEST_CLOCK=${allow}`).toBeUndefined();
      expect(lines).toEqual([
        "Warning: TEST_CLOCK_FILE is set and ignored (ALLOW_TEST_CLOCK is not 1): this server keeps real time.",
      ]);
    }
  });

  test("with ALLOW_TEST_CLOCK=1 the file is the clock, with one warning line at start", () => {
    const { now, lines } = startingClock({ TEST_CLOCK_FILE: clockFile, ALLOW_TEST_CLOCK: "1" });
    expect(now?.().toISOString()).toBe(instant);
    expect(lines).toEqual([
      `Warning: this server's clock is read from ${clockFile} (TEST_CLOCK_FILE with ALLOW_TEST_CLOCK=1): for tests only, never in production.`,
    ]);
    // Reading the clock again says nothing more.
    now?.();
    expect(lines).toHaveLength(1);
  });

  test("without a clock file, real time and not a word, whatever ALLOW_TEST_CLOCK says", () => {
    for (const env of [
      {},
      { ALLOW_TEST_CLOCK: "1" },
      { TEST_CLOCK_FILE: "", ALLOW_TEST_CLOCK: "1" },
    ]) {
      const { now, lines } = startingClock(env);
      expect(now).toBeUndefined();
      expect(lines).toEqual([]);
    }
  });

  test("ALLOW_TEST_CLOCK other than 1 or unset is refused at start, by name", () => {
    for (const allow of ["true", "yes", "2"]) {
      expect(() => startingClock({ TEST_CLOCK_FILE: clockFile, ALLOW_TEST_CLOCK: allow })).toThrow(
        new ConfigError(
          'Invalid configuration: ALLOW_TEST_CLOCK must be "1" (TEST_CLOCK_FILE moves the clock) or unset',
        ),
      );
    }
  });
});
