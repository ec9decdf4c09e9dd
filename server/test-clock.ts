/**
 * A clock a test can move from outside the process: `TEST_CLOCK_FILE` names a file holding an
 * ISO instant ("2026-11-26T15:00:00Z") or a signed offset in milliseconds ("+7200000") from real
 * time. Read again at most every 100 ms; a missing or unreadable file is real time.
 */
import { readFileSync } from "node:fs";

const rereadMs = 100;

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
