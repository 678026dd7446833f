/**
 * The page's side of the service worker (public/sw.js, docs/offline.md): registering it, and deleting the
 * caches that hold a person's data.
 */

/** The caches with pages and API answers; the static cache (build files, icons) holds nobody's data. */
const PERSONAL_CACHES = /^backroom-(?:pages|data)-/;

/** How long after the worker takes control the page still reports reads it had started before. */
const LATE_READS_MS = 30_000;

/**
 * Registers the worker (production builds only: `next dev` rebuilds files the worker would serve stale), then
 * has it cache what this first visit loaded before it was in control: the page, its scripts and its API reads,
 * including reads that were under way when it took control (they went to the network, not through it).
 */
export async function registerServiceWorker(): Promise<void> {
  if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
  try {
    await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }),
      );
    }
    const controlledAt = performance.now();
    const keep = (urls: string[]) => {
      if (urls.length > 0) registration.active?.postMessage({ type: "cache-urls", urls });
    };
    const ours = (entries: PerformanceEntryList) =>
      entries.map((entry) => entry.name).filter((name) => name.startsWith(window.location.origin));
    keep([window.location.href, ...ours(performance.getEntriesByType("resource"))]);
    const late = new PerformanceObserver((list) =>
      keep(ours(list.getEntries().filter((entry) => entry.startTime < controlledAt))),
    );
    late.observe({ type: "resource" });
    setTimeout(() => late.disconnect(), LATE_READS_MS);
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
