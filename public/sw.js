// Backroom's service worker (docs/offline.md). Hand-written, not generated: what it caches is decided per
// request below, and nothing is precached at build time (every page is rendered per request with its own
// CSP nonce, so there is no static app shell to precache). It makes the pages a person opened online open
// again offline: their HTML, the build's static files and the API answers they read. It never answers a
// write (POST, PUT, …): those go to the network, and the page's offline queue keeps them when it fails.
// Cached pages and API answers hold a person's data: the page deletes those caches on sign-out and when the
// sign-in page opens (lib/client/offline-caches.ts), so the next person on a shared tablet meets none of it.

const VERSION = "v1";
const STATIC_CACHE = `backroom-static-${VERSION}`; // build files (hashed names) and icons: no personal data
const PAGES_CACHE = `backroom-pages-${VERSION}`; // pages and their RSC payloads
const DATA_CACHE = `backroom-data-${VERSION}`; // GET answers of /api/v2.2
const OFFLINE_PAGE = "/offline.html";
const PRECACHE = [OFFLINE_PAGE, "/manifest.webmanifest", "/icons/icon-192.png", "/icons/icon-512.png"];
// Pages whose URL carries a one-time token, and the auth routes: never cached.
const NEVER_CACHED = /^\/(?:sign-in|setup|set-password|api\/auth\/|api\/health|api\/metrics)/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(STATIC_CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  const current = [STATIC_CACHE, PAGES_CACHE, DATA_CACHE];
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("backroom-") && !current.includes(name))
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** Which cache a same-origin GET belongs in, or null for one that is never cached. */
function cacheFor(url, request) {
  if (NEVER_CACHED.test(url.pathname)) return null;
  if (url.pathname.startsWith("/_next/static/") || url.pathname.startsWith("/icons/")) return STATIC_CACHE;
  if (url.pathname.startsWith("/api/v2.2/")) return DATA_CACHE;
  if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/_next/")) return null;
  if (request.mode === "navigate" || request.headers.get("RSC") === "1") return PAGES_CACHE;
  if (!url.pathname.slice(url.pathname.lastIndexOf("/")).includes(".")) return PAGES_CACHE;
  return null;
}

/**
 * Only complete, successful answers that may be kept: not a redirect, and from the API not one marked
 * `no-store` (a secret shown once, an export). Pages are all `no-store` (Next's answer for a page rendered per
 * request, not a secret): they are kept regardless, and deleted with the data on sign-out.
 */
function storable(response, cacheName) {
  if (!response.ok || response.status !== 200 || response.redirected || response.type !== "basic") {
    return false;
  }
  if (cacheName === PAGES_CACHE) return true;
  const cacheControl = response.headers.get("Cache-Control") || "";
  return !cacheControl.includes("no-store");
}

async function networkFirst(request, cacheName) {
  try {
    const response = await fetch(request);
    if (storable(response, cacheName)) {
      const copy = response.clone();
      caches.open(cacheName).then((cache) => cache.put(request, copy));
    }
    return response;
  } catch (error) {
    // Next's RSC answers vary on router-state headers that differ between visits: match on the URL.
    const cached = await caches.match(request, { cacheName, ignoreVary: true });
    if (cached) return cached;
    if (request.mode === "navigate") {
      const offline = await caches.match(OFFLINE_PAGE, { cacheName: STATIC_CACHE });
      if (offline) return offline;
    }
    throw error;
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request, { cacheName: STATIC_CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (storable(response, STATIC_CACHE)) {
    const copy = response.clone();
    caches.open(STATIC_CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const cacheName = cacheFor(url, request);
  if (cacheName === null) return;
  event.respondWith(cacheName === STATIC_CACHE ? cacheFirst(request) : networkFirst(request, cacheName));
});

// The page's first visit ran before this worker controlled it: the page sends the URLs it loaded (itself,
// its scripts, its API reads) and they are fetched again into the caches.
self.addEventListener("message", (event) => {
  if (event.origin !== self.location.origin) return;
  const data = event.data;
  if (data?.type !== "cache-urls" || !Array.isArray(data.urls)) return;
  event.waitUntil(
    Promise.all(
      data.urls.slice(0, 200).map(async (href) => {
        const url = new URL(href, self.location.origin);
        if (url.origin !== self.location.origin) return;
        const request = new Request(url.href, { credentials: "same-origin" });
        const cacheName = cacheFor(url, request);
        if (cacheName === null) return;
        try {
          const response = await fetch(request);
          if (storable(response, cacheName)) await (await caches.open(cacheName)).put(request, response);
        } catch {
          // Offline already: nothing to keep.
        }
      }),
    ),
  );
});
