// One line in the server's log for a request that failed: a flood of them (a scanner, a broken
// client) fills the log line by line, never stack by stack, and carries no private link.

/** Paths whose second part is a secret (a homeowner's request, a staff invitation). */
const secretPaths = /^(\/(?:requests|office\/invitation)\/)[^/?#]+/;

/** The path a log may show: no query string, and no token of a private link. */
export function loggablePath(url: string): string {
  let path: string;
  try {
    path = new URL(url, "http://localhost").pathname;
  } catch {
    path = url.split("?")[0] ?? "";
  }
  return path.replace(secretPaths, "$1…").slice(0, 200);
}

/** Where the error was thrown (its first stack frame), or "" when it has none. */
function thrownAt(error: Error): string {
  const frame = error.stack
    ?.split("\n")
    .find((line) => line.trimStart().startsWith("at "))
    ?.trim();
  return frame ? ` (${frame})` : "";
}

/** "POST /office/staff: TypeError: x is undefined (at file:///…:12:3)", on one line. */
export function requestErrorLine(method: string, url: string, error: unknown): string {
  const what =
    error instanceof Error
      ? `${error.name}: ${error.message}${thrownAt(error)}`
      : typeof error === "string"
        ? error
        : (JSON.stringify(error) ?? String(error));
  return `${method} ${loggablePath(url)}: ${what}`.replace(/\s*\n\s*/g, " ");
}
