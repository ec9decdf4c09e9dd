/**
 * Every page is complete HTML from the server, so the app's JavaScript (hydration, the dialogs,
 * the forms' validation) can wait until the first frame is on screen. React Router writes
 * `<link rel="modulepreload">` tags into the head and a module script at the end of the body;
 * both start downloading while the browser still parses and lays out the page, and on a slow
 * link they share it with the HTML and CSS the first paint needs. This rewrites a rendered page
 * so that the same preloads and the same module script are added by a small inline script right
 * after the first paint (at once in a hidden tab, where frames never come).
 *
 * The preload links are added one per task (appending one can compile its module at once, when
 * the browser already holds it), so no single task grows long; hydration then finds them in
 * place (with the same href and rel) instead of inserting them again. The inline script takes
 * the place of React Router's module script, so hydration still finds a `<script>` element
 * where it expects one. That module imports the shared chunks, then the route modules (root,
 * then the page's), one at a time, a task each, and the client entry last: statically imported,
 * the whole graph (React, React Router, the page's code) was compiled and run in one task, and
 * the first slices of hydration compiled what they called, both long on a slow phone.
 */
const modulePreloadTag = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>/g;
const routeModulesScript =
  /<script nonce="([^"]*)" type="module" async="">([\s\S]*?window\.__reactRouterRouteModules[\s\S]*?)<\/script>/;
const preloadsPerTask = 1;

const routeModuleImport = /^import \* as (route\d+) from ("[^"]+");$/gm;

/**
 * React Router's module source with its route modules imported one after the other, each in a
 * task of its own (at once in a hidden tab, whose timers are slowed), before the rest runs.
 */
function routeModulesImportedApart(moduleSource: string, preloads: string[]) {
  const imports = [...moduleSource.matchAll(routeModuleImport)];
  if (imports.length === 0) return moduleSource;
  const nextTask =
    'new Promise(function(r){if(document.visibilityState==="hidden"){r()}else{setTimeout(r,0)}})';
  // The shared chunks first, one a task (evaluating one compiles it): the route modules then
  // evaluate only themselves. The client entry starts hydration, so it stays last.
  const routeHrefs = new Set(imports.map(([, , href]) => JSON.parse(href!) as string));
  const entryHref = /\bimport\(("[^"]+")\);?\s*$/.exec(moduleSource)?.[1];
  const chunks = preloads.filter(
    (href) => !routeHrefs.has(href) && JSON.stringify(href) !== entryHref,
  );
  const chunkImports = chunks.map(
    (href) => `await import(${JSON.stringify(href)});\nawait ${nextTask};`,
  );
  const importsApart = [
    ...chunkImports,
    ...imports.map(
      ([, name, href]) => `const ${name} = await import(${href});\nawait ${nextTask};`,
    ),
  ].join("\n");
  // Static imports other than the route modules (if any) stay at the top, where they must be.
  const rest = moduleSource.replace(routeModuleImport, "");
  const staticImports = rest.match(/^import "[^"]+";$/gm) ?? [];
  const body = rest.replace(/^import "[^"]+";$/gm, "");
  return `${staticImports.join("\n")}\n(async function () {\n${importsApart}\n${body}\n})();`;
}

/** JSON that is safe inside an inline `<script>` element. */
function scriptSafeJson(value: unknown) {
  return JSON.stringify(value)
    .replaceAll("<", "\\u003c")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");
}

function loaderScript(preloads: string[], moduleSource: string) {
  return (
    `(function(){var s=document.currentScript,n=s&&s.nonce,p=${scriptSafeJson(preloads)},` +
    `m=${scriptSafeJson(moduleSource)},d=false;function go(){if(d)return;d=true;add(0)}` +
    `function add(i){var j,l,x;for(j=i;j<i+${preloadsPerTask}&&j<p.length;j++){` +
    `l=document.createElement("link");l.rel="modulepreload";l.href=p[j];if(n)l.nonce=n;document.head.appendChild(l)}` +
    `if(j<p.length){if(document.visibilityState==="hidden"){add(j)}else{setTimeout(add,0,j)}return}` +
    `x=document.createElement("script");x.type="module";if(n)x.nonce=n;x.textContent=m;document.body.appendChild(x)}` +
    `if(document.visibilityState==="hidden"){go()}else{requestAnimationFrame(function(){setTimeout(go,0)});` +
    `document.addEventListener("visibilitychange",go,{once:true})}})();`
  );
}

/** The page with its app scripts deferred until after the first paint (unchanged if not found). */
export function deferAppScripts(html: string): string {
  const boot = routeModulesScript.exec(html);
  if (!boot) return html;
  const [, nonce, routeModules] = boot;
  const preloads = [...html.matchAll(modulePreloadTag)].map((match) => match[1]!);
  const loader = loaderScript(preloads, routeModulesImportedApart(routeModules!, preloads));
  return html
    .replace(modulePreloadTag, "")
    .replace(routeModulesScript, () => `<script nonce="${nonce}">${loader}</script>`);
}
