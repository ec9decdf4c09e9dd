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

test("after the first frame it adds the entry's preload and the same module, chunks first", () => {
  const loader = /<script nonce="N0">(\(function\(\)[\s\S]*?)<\/script>/.exec(
    deferAppScripts(rendered),
  )![1]!;
  const added: { tag: string; props: Record<string, unknown> }[] = [];
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const element = (tag: string) => {
    const props: Record<string, unknown> = {};
    added.push({ tag, props });
    return props;
  };
  const document = {
    currentScript: { nonce: "real-nonce" },
    visibilityState: "visible",
    createElement: element,
    head: { appendChild: () => undefined },
    body: { appendChild: () => undefined },
    addEventListener: () => undefined,
  };
  vm.runInNewContext(loader, {
    document,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
  });
  expect(added).toEqual([]);
  frames.forEach((callback) => callback());
  expect(added).toEqual([]);
  timers.forEach((callback) => callback());

  expect(added.map(({ tag }) => tag)).toEqual(["link", "script"]);
  expect(added[0]!.props).toEqual({
    rel: "modulepreload",
    href: "/assets/entry.client-A.js",
    nonce: "real-nonce",
  });
  const script = added[1]!.props;
  expect(script.type).toBe("module");
  expect(script.nonce).toBe("real-nonce");
  const source = String(script.textContent);
  expect(source.startsWith('import "/assets/jsx-runtime-B.js";import "/assets/root-C.js";')).toBe(
    true,
  );
  expect(source).not.toContain('import "/assets/entry.client-A.js"');
  expect(source).toContain('window.__reactRouterManifest = {"text":"a </script> inside"};');
  expect(source.trimEnd().endsWith('import("/assets/entry.client-A.js");')).toBe(true);
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
  expect(added).toEqual(["link", "script"]);
});

test("a page without React Router's module script is left alone", () => {
  const page = '<html><head><link rel="modulepreload" href="/x.js"/></head><body></body></html>';
  expect(deferAppScripts(page)).toBe(page);
});
