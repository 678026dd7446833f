/**
 * The page's side of the service worker (public/sw.js, docs/offline.md): registering it, and deleting the
 * caches that hold a person's data.
 */

/** The caches with pages and API answers; the static cache (build files, icons) holds nobody's data. */
const PERSONAL_CACHES = /^backroom-(?:pages|data)-/;

/**
 * Registers the worker (production builds only: `next dev` rebuilds files the worker would serve stale), then
 * has it cache what this first visit loaded before it was in control: the page, its scripts and its API reads.
 */
export async function registerServiceWorker(): Promise<void> {
  if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
  try {
    await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    const registration = await navigator.serviceWorker.ready;
    const loaded = performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((name) => name.startsWith(window.location.origin));
    registration.active?.postMessage({ type: "cache-urls", urls: [window.location.href, ...loaded] });
  } catch {
    // No worker (a private window, plain http on the network): the app works online as before.
  }
}

/**
 * Deletes the cached pages and API answers: on sign-out and when the sign-in page opens (a session that ran
 * out), so the next person on a shared tablet cannot open the last one's pages offline.
 */
export async function clearPersonalCaches(): Promise<void> {
  if (typeof caches === "undefined") return;
  try {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => PERSONAL_CACHES.test(name)).map((name) => caches.delete(name)));
  } catch {
    // CacheStorage refused (an insecure origin): there is nothing in it either.
  }
}
