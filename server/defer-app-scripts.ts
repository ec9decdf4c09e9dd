/**
 * Every page is complete HTML from the server, so the app's JavaScript (hydration, the dialogs,
 * the forms' validation) can wait until the first frame is on screen. React Router writes
 * `<link rel="modulepreload">` tags into the head and a module script at the end of the body;
 * both start downloading while the browser still parses and lays out the page, and on a slow
 * link they share it with the HTML and CSS the first paint needs. This rewrites a rendered page
 * so that the same module script is added by a small inline script right after the first paint
 * (at once in a hidden tab, where frames never come).
 *
 * The preloaded chunks become side-effect imports at the top of that module script, so the
 * browser still fetches them all at once instead of discovering them import by import; only the
 * client entry, which the script loads last with `import()`, keeps a preload link. The inline
 * script takes the place of React Router's module script, so hydration still finds a `<script>`
 * element where it expects one.
 */
const modulePreloadTag = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>/g;
const routeModulesScript =
  /<script nonce="([^"]*)" type="module" async="">([\s\S]*?window\.__reactRouterRouteModules[\s\S]*?)<\/script>/;
const clientEntryImport = /\bimport\(("[^"]+")\);?\s*$/;

/** JSON that is safe inside an inline `<script>` element. */
function scriptSafeJson(value: unknown) {
  return JSON.stringify(value)
    .replaceAll("<", "\\u003c")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");
}

function loaderScript(entry: string | undefined, moduleSource: string) {
  return (
    `(function(){var s=document.currentScript,n=s&&s.nonce,e=${scriptSafeJson(entry ?? null)},` +
    `m=${scriptSafeJson(moduleSource)},d=false;function go(){if(d)return;d=true;var l,x;` +
    `if(e){l=document.createElement("link");l.rel="modulepreload";l.href=e;if(n)l.nonce=n;document.head.appendChild(l)}` +
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
  const entry = clientEntryImport.exec(routeModules!)?.[1];
  const entryHref = entry ? (JSON.parse(entry) as string) : undefined;
  const chunkImports = [...html.matchAll(modulePreloadTag)]
    .map((match) => match[1]!)
    .filter((href) => href !== entryHref)
    .map((href) => `import ${JSON.stringify(href)};`)
    .join("");
  const loader = loaderScript(entryHref, chunkImports + routeModules);
  return html
    .replace(modulePreloadTag, "")
    .replace(routeModulesScript, () => `<script nonce="${nonce}">${loader}</script>`);
}
