import vm from "node:vm";

import { expect, test } from "vitest";

import { deferAppScripts } from "./defer-app-scripts";

// The shape React Router 7 and React 19 write (trimmed): preloads hoisted into the head, the
// context script, then the module script that imports the route modules and the client entry.
const rendered = [
  '<!DOCTYPE html><html lang="en-US"><head><title>Home</title>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N0"/>',
  '<link rel="modulepreload" href="/assets/jsx-runtime-B.js" nonce="N0"/>',
  '<link rel="modulepreload" href="/assets/root-C.js" nonce="N0"/>',
  '<link nonce="N0" rel="stylesheet" href="/assets/root-D.css"/></head><body><h1>Hi</h1>',
  '<script nonce="N0">window.__reactRouterContext = {"note":"</scr"+"ipt>"};</script>',
  '<script nonce="N0" type="module" async="">import "/assets/manifest-E.js";',
  'import * as route0 from "/assets/root-C.js";',
  '  window.__reactRouterManifest = {"text":"a </script> inside"};',
  '  window.__reactRouterRouteModules = {"root":route0};',
  "",
  'import("/assets/entry.client-A.js");</script></body></html>',
].join("\n");

test("the module script and its preloads wait for the first paint", () => {
  const html = deferAppScripts(rendered);
  expect(html).not.toContain('<link rel="modulepreload"');
  expect(html).not.toMatch(/<script[^>]*type="module"/);
  expect(html).toContain('<link nonce="N0" rel="stylesheet" href="/assets/root-D.css"/>');
  expect(html).toContain("window.__reactRouterContext");
  // One inline script replaces the module script, and nothing in it can close the element early.
  const loaders = [...html.matchAll(/<script nonce="N0">(\(function\(\)[\s\S]*?)<\/script>/g)];
  expect(loaders).toHaveLength(1);
  expect(loaders[0]![1]).not.toContain("</");
});

test("after the first frame it adds the same preloads, one per task, then the same module", () => {
  const preloads = Array.from({ length: 11 }, (_, i) => `/assets/chunk-${i}.js`);
  const page = rendered.replace(
    '<link rel="modulepreload" href="/assets/root-C.js" nonce="N0"/>',
    preloads.map((href) => `<link rel="modulepreload" href="${href}" nonce="N0"/>`).join(""),
  );
  const loader = /<script nonce="N0">(\(function\(\)[\s\S]*?)<\/script>/.exec(
    deferAppScripts(page),
  )![1]!;
  const added: { tag: string; props: Record<string, unknown> }[] = [];
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const document = {
    currentScript: { nonce: "real-nonce" },
    visibilityState: "visible",
    createElement: (tag: string) => {
      const props: Record<string, unknown> = {};
      added.push({ tag, props });
      return props;
    },
    head: { appendChild: () => undefined },
    body: { appendChild: () => undefined },
    addEventListener: () => undefined,
  };
  vm.runInNewContext(loader, {
    document,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: (...args: unknown[]) => void, _ms: number, ...args: unknown[]) =>
      timers.push(() => callback(...args)),
  });
  expect(added).toEqual([]);
  frames.splice(0).forEach((callback) => callback());
  expect(added).toEqual([]);
  const addedPerTask: number[] = [];
  while (timers.length > 0) {
    const before = added.length;
    timers.shift()!();
    addedPerTask.push(added.length - before);
  }
  // 13 preloads (entry, jsx-runtime, 11 chunks), a task each; the last task adds the module too.
  expect(addedPerTask).toEqual([...Array.from({ length: 12 }, () => 1), 2]);
  expect(added.slice(0, -1).map(({ props }) => props.href)).toEqual([
    "/assets/entry.client-A.js",
    "/assets/jsx-runtime-B.js",
    ...preloads,
  ]);
  for (const { tag, props } of added.slice(0, -1)) {
    expect(tag).toBe("link");
    expect(props).toMatchObject({ rel: "modulepreload", nonce: "real-nonce" });
  }
  const script = added.at(-1)!;
  expect(script.tag).toBe("script");
  expect(script.props.type).toBe("module");
  expect(script.props.nonce).toBe("real-nonce");
  const source = String(script.props.textContent);
  expect(source.startsWith('import "/assets/manifest-E.js";')).toBe(true);
  expect(source).toContain('window.__reactRouterManifest = {"text":"a </script> inside"};');
  expect(source).toContain('import("/assets/entry.client-A.js");');
});

test("the module imports the shared chunks, then the route modules, one task at a time, then the client entry", () => {
  const page = rendered.replace(
    'import * as route0 from "/assets/root-C.js";',
    'import * as route0 from "/assets/root-C.js";\nimport * as route1 from "/assets/home-F.js";',
  );
  const loader = /<script nonce="N0">(\(function\(\)[\s\S]*?)<\/script>/.exec(
    deferAppScripts(page),
  )![1]!;
  const source = JSON.parse(/,m=("(?:[^"\\]|\\.)*")/.exec(loader)![1]!) as string;
  expect(source).not.toContain("import * as");
  const order = [
    'import "/assets/manifest-E.js";',
    'await import("/assets/jsx-runtime-B.js");',
    "setTimeout",
    'const route0 = await import("/assets/root-C.js");',
    "setTimeout",
    'const route1 = await import("/assets/home-F.js");',
    "setTimeout",
    'window.__reactRouterRouteModules = {"root":route0};',
    'import("/assets/entry.client-A.js");',
  ];
  let from = 0;
  for (const part of order) {
    const at = source.indexOf(part, from);
    expect(at, part).toBeGreaterThanOrEqual(from);
    from = at + part.length;
  }
  // The client entry (which starts hydration) only at the end, each route module once.
  expect(source).not.toContain('await import("/assets/entry.client-A.js")');
  expect(source.split('import("/assets/root-C.js")')).toHaveLength(2);
  // Valid JavaScript once the module-only static import is set aside.
  expect(() => new vm.Script(source.replace('import "/assets/manifest-E.js";', ""))).not.toThrow();
});

test("a hidden tab, which gets no frames, loads the app at once", () => {
  const loader = /<script nonce="N0">(\(function\(\)[\s\S]*?)<\/script>/.exec(
    deferAppScripts(rendered),
  )![1]!;
  const added: string[] = [];
  vm.runInNewContext(loader, {
    document: {
      currentScript: { nonce: "n" },
      visibilityState: "hidden",
      createElement: (tag: string) => (added.push(tag), {}),
      head: { appendChild: () => undefined },
      body: { appendChild: () => undefined },
    },
  });
  expect(added).toEqual(["link", "link", "link", "script"]);
});

test("a page without React Router's module script is left alone", () => {
  const page = '<html><head><link rel="modulepreload" href="/x.js"/></head><body></body></html>';
  expect(deferAppScripts(page)).toBe(page);
});
