// My day's service worker (registered with the scope /office/day by app/features/field/offline.ts):
// the day's page, once loaded, stays readable without a signal. Network first, the last good copy
// when there is none. A signed-out answer for the page (the redirect to the sign-in page, a 401 or
// 403, or a 404 once the person is no longer a technician) deletes every copy and unregisters the
// worker: names, addresses and phones do not outlive the session. Only on the technician's phone.
const worker = String.raw`
const cacheName = "my-day-v1";
const ourCaches = "my-day-";

async function forgetTheDay() {
  await self.registration.unregister();
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(ourCaches)).map((name) => caches.delete(name)));
}

// A navigation is fetched with redirect "manual": the sign-in redirect arrives opaque.
function isSignedOut(response) {
  return (
    response.type === "opaqueredirect" ||
    response.redirected ||
    [401, 403, 404].includes(response.status)
  );
}

async function myDayPage(request) {
  let response;
  try {
    response = await fetch(request);
  } catch {
    return (await caches.match("/office/day")) || Response.error();
  }
  if (response.ok && !response.redirected) {
    await (await caches.open(cacheName)).put("/office/day", response.clone());
  } else if (isSignedOut(response)) {
    await forgetTheDay();
  }
  return response;
}

// Only a signed-in page makes the cache (the page above, or My day's own script): an asset the
// page asks for after sign-out must not bring it back.
async function asset(request) {
  const kept = await caches.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && (await caches.has(cacheName))) {
    await (await caches.open(cacheName)).put(request, response.clone());
  }
  return response;
}

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === "/office/day" && request.mode === "navigate") {
    event.respondWith(myDayPage(request));
  } else if (url.pathname.startsWith("/assets/")) {
    event.respondWith(asset(request));
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
