import type { ServerConfig } from "./config";

/**
 * The browser security headers of every response (docs/operations.md, "Security headers"), set by proxy.ts
 * for pages, API answers and static files alike, and by the request gate for what it answers itself.
 *
 * Pages get a Content-Security-Policy with a fresh nonce per request: Next.js reads it from the request's
 * policy header and puts it on the scripts it renders, so scripts run only with the nonce (`'strict-dynamic'`
 * lets them load the chunks they import). Styles keep `'unsafe-inline'`: React's `style` attributes (charts,
 * virtualised lists) and the toasts' injected stylesheet have no nonce, and a nonce in style-src would
 * make browsers ignore `'unsafe-inline'`. `'wasm-unsafe-eval'` lets a page compile WebAssembly (the camera
 * scanner's barcode decoder, fetched from this origin) and nothing else: `eval` and `new Function` stay
 * refused. Everything else (JSON, CSV, images, scripts and stylesheets
 * themselves) gets a policy that loads nothing, which also keeps an uploaded SVG opened on its own inert.
 */

/** The pages whose URL carries a one-time token: no Referer leaves them, even to this origin. */
const TOKEN_PAGES = ["/setup", "/set-password"];

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** For responses that are not pages: nothing may be loaded by them, and nobody may frame them. */
export const RESOURCE_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Where the service worker is served (public/sw.js, docs/offline.md): its scope is the whole app. */
export const SERVICE_WORKER_PATH = "/sw.js";

/**
 * The service worker's own policy: a worker runs under the policy its script came with, and it fetches the
 * app's pages, files and API answers for the offline caches, so it may connect to this origin and load
 * nothing else.
 */
export const SERVICE_WORKER_CONTENT_SECURITY_POLICY =
  "default-src 'none'; connect-src 'self'; frame-ancestors 'none'";

/** A per-request nonce: 16 random bytes, base64. */
export function createNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/**
 * The policy of an HTML page. `development` adds `'unsafe-eval'`, which React's development build needs for
 * its stack traces (`next dev` only; production pages never get it).
 */
export function pageContentSecurityPolicy(nonce: string, development = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' 'wasm-unsafe-eval'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // The service worker and the web app manifest (installing the app), from this origin only.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Whether `pathname` is rendered as an HTML page (and so needs a nonce), rather than an API answer or a file. */
export function isPagePath(pathname: string): boolean {
  if (pathname.startsWith("/api/") || pathname === "/api" || pathname.startsWith("/_next/")) return false;
  const last = pathname.slice(pathname.lastIndexOf("/") + 1);
  return !last.includes(".");
}

/**
 * Whether the browser reached us over https: always when the public URL is https (TLS ends at a proxy in
 * front), otherwise only behind trusted proxies (BACKROOM_TRUSTED_PROXIES, the setting the client address
 * also follows) that say so in X-Forwarded-Proto (its first value: the hop nearest the browser). Never from
 * the header alone, which any client can send.
 */
export function servedOverHttps(
  config: Pick<ServerConfig, "publicUrl" | "trustedProxies">,
  forwardedProto: string | null,
): boolean {
  if (config.publicUrl.startsWith("https://")) return true;
  if (config.trustedProxies === 0 || forwardedProto === null) return false;
  return forwardedProto.split(",")[0]?.trim().toLowerCase() === "https";
}

/**
 * The headers of one response. `contentSecurityPolicy` is the page policy (with its nonce) for pages and
 * RESOURCE_CONTENT_SECURITY_POLICY for anything else.
 */
export function securityHeaders(options: {
  pathname: string;
  https: boolean;
  contentSecurityPolicy: string;
}): Record<string, string> {
  const tokenPage = TOKEN_PAGES.some(
    (page) => options.pathname === page || options.pathname.startsWith(`${page}/`),
  );
  return {
    "Content-Security-Policy": options.contentSecurityPolicy,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": tokenPage ? "no-referrer" : "strict-origin-when-cross-origin",
    ...(options.https
      ? { "Strict-Transport-Security": `max-age=${ONE_YEAR_SECONDS}; includeSubDomains` }
      : {}),
  };
}
