// My day's service worker (registered with the scope /office/day by app/features/field/offline.ts):
// the day's page, once loaded, stays readable without a signal. Network first, the last good copy
// when there is none; a signed-out answer forgets it. Only on the technician's own phone.
const worker = String.raw`
const cacheName = "my-day-v1";
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === "/office/day" && request.mode === "navigate") {
    event.respondWith(
      fetch(request)
        .then(async (response) => {
          const cache = await caches.open(cacheName);
          if (response.ok && !response.redirected) await cache.put("/office/day", response.clone());
          else if (response.redirected) await caches.delete(cacheName);
          return response;
        })
        .catch(async () => (await caches.match("/office/day")) || Response.error()),
    );
    return;
  }
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(
      caches.match(request).then(
        (kept) =>
          kept ||
          fetch(request).then(async (response) => {
            if (response.ok) await (await caches.open(cacheName)).put(request, response.clone());
            return response;
          }),
      ),
    );
  }
});
`;

export function loader() {
  return new Response(worker, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
      // The worker's own policy: it fetches this site's pages and assets, nothing else.
      "Content-Security-Policy": "default-src 'self'",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
