/**
 * A clock a test can move from outside the process: `TEST_CLOCK_FILE` names a file holding an
 * ISO instant ("2026-11-26T15:00:00Z") or a signed offset in milliseconds ("+7200000") from real
 * time. Read again at most every 100 ms; a missing or unreadable file is real time. The server
 * reads it only when `ALLOW_TEST_CLOCK=1` is set too (docs/decisions/0016).
 */
import { readFileSync } from "node:fs";

import type { ServerConfig } from "./config";

const rereadMs = 100;

/**
 * The server's clock as its configuration asks, said once at start through `warn`: the file's
 * when both `TEST_CLOCK_FILE` and `ALLOW_TEST_CLOCK=1` are set; otherwise none (real time), so a
 * clock file left in a production environment moves nothing.
 */
export function configuredClock(
  config: Pick<ServerConfig, "TEST_CLOCK_FILE" | "ALLOW_TEST_CLOCK">,
  warn: (line: string) => void = console.warn,
): (() => Date) | undefined {
  if (!config.TEST_CLOCK_FILE) return undefined;
  if (!config.ALLOW_TEST_CLOCK) {
    warn(
      `Warning: TEST_CLOCK_FILE is set and ignored (ALLOW_TEST_CLOCK is not 1): this server keeps real time.`,
    );
    return undefined;
  }
  warn(
    `Warning: this server's clock is read from ${config.TEST_CLOCK_FILE} (TEST_CLOCK_FILE with ALLOW_TEST_CLOCK=1): for tests only, never in production.`,
  );
  return fileClock(config.TEST_CLOCK_FILE);
}

export function fileClock(file: string): () => Date {
  let readAt = 0;
  let shift: (real: number) => number = (real) => real;
  return () => {
    const real = Date.now();
    if (real - readAt >= rereadMs) {
      readAt = real;
      shift = shiftIn(file);
    }
    return new Date(shift(real));
  };
}

function shiftIn(file: string): (real: number) => number {
  let text: string;
  try {
    text = readFileSync(file, "utf8").trim();
  } catch {
    return (real) => real;
  }
  if (/^[+-]\d+$/.test(text)) {
    const offset = Number(text);
    return (real) => real + offset;
  }
  const instant = Date.parse(text);
  return Number.isNaN(instant) ? (real) => real : () => instant;
}
