import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { execFileSync } from "node:child_process";

import { ESLint } from "eslint";
import { describe, expect, test } from "vitest";

// The code's shape, held by tests: server/ reaches into app/ only for domain, content and lib,
// app/ reaches server/ only through *.server.ts modules (the ESLint rules in eslint.config.js,
// docs/decisions/0018), and no module imports itself through others.

const root = fileURLToPath(new URL("..", import.meta.url));

describe("server/ and app/", () => {
  const eslint = new ESLint({ cwd: root });
  async function problems(code: string) {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, "server/probe.ts") });
    return result!.messages.filter((message) => message.ruleId === "no-restricted-imports");
  }

  test("a server module that imports a feature, a component or a route fails the lint", async () => {
    for (const from of [
      "~/features/booking/schedule-dialog",
      "~/components/site-header",
      "~/routes/home",
      "../app/routes/office",
      "../../app/features/desk/desk-header",
    ]) {
      expect(await problems(`import "${from}";\n`), from).toHaveLength(1);
    }
  });

  test("domain, content and lib are the server's to import", async () => {
    for (const from of ["~/domain/leads", "~/content/states", "~/lib/dates", "../app/lib/csp"]) {
      expect(await problems(`import "${from}";\n`), from).toEqual([]);
    }
  });
});

describe("the fence: app/ reaches server/ only through *.server.ts modules", () => {
  const eslint = new ESLint({ cwd: root });
  async function problems(code: string, file: string) {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result!.messages.filter((message) => message.ruleId === "no-restricted-imports");
  }

  test("a route or feature that imports a server module not named *.server fails the lint", async () => {
    for (const [file, from] of [
      ["app/routes/probe.tsx", "../../server/db/schema"],
      ["app/routes/probe.tsx", "../../server/desk/staff-auth"],
      ["app/features/desk/probe.tsx", "../../../server/requests/request-door"],
    ] as const) {
      expect(await problems(`import "${from}";\n`, file), from).toHaveLength(1);
    }
  });

  test("a *.server module is the way in; *.server.ts modules and tests may reach further", async () => {
    expect(
      await problems(`import "../../server/desk/inbox.server";\n`, "app/routes/probe.tsx"),
    ).toEqual([]);
    expect(await problems(`import "../server/db/schema";\n`, "app/probe.server.ts")).toEqual([]);
    expect(await problems(`import "../../server/db/schema";\n`, "app/lib/probe.test.ts")).toEqual(
      [],
    );
  });
});

/** The modules a file imports at run time (`import type` and `export type` bring nothing). */
function runtimeImports(file: string): string[] {
  const source = readFileSync(path.join(root, file), "utf8");
  const found: string[] = [];
  const statement = /^(?:import|export)\s+(?!type\s)(?:[^;]*?\sfrom\s+)?["']([^"']+)["']/gm;
  for (const match of source.matchAll(statement)) found.push(match[1]!);
  return found;
}

function resolveImport(specifier: string, from: string): string | null {
  const base = specifier.startsWith("~/")
    ? path.join("app", specifier.slice(2))
    : specifier.startsWith(".")
      ? path.join(path.dirname(from), specifier)
      : null;
  if (base === null) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (/\.tsx?$/.test(candidate) && existsSync(path.join(root, candidate))) return candidate;
  }
  return null;
}

test("no import cycles in app/ and server/", () => {
  const files = execFileSync("git", ["ls-files", "app/*.ts", "app/*.tsx", "server/*.ts"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\n")
    .filter((file) => file && !/\.test\.tsx?$/.test(file) && existsSync(path.join(root, file)));
  const graph = new Map(
    files.map((file) => [
      file,
      runtimeImports(file)
        .map((specifier) => resolveImport(specifier, file))
        .filter((target): target is string => target !== null),
    ]),
  );
  const cycles: string[] = [];
  const state = new Map<string, "open" | "done">();
  const trail: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    trail.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") {
        cycles.push([...trail.slice(trail.indexOf(next)), next].join(" -> "));
      } else if (!state.has(next)) {
        visit(next);
      }
    }
    trail.pop();
    state.set(file, "done");
  };
  for (const file of files) if (!state.has(file)) visit(file);
  expect(cycles).toEqual([]);
});
