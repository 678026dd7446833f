/** Any origin will do: a path is resolved against it only to see where a browser would really go. */
const BASE = new URL("http://backroom.invalid");
// C0 controls, DEL and C1 controls: browsers drop tabs and line breaks inside a URL, so "/\t/evil.example"
// reaches them as "//evil.example", and a Location header cannot carry them at all.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Where to go after sign-in: only a path on this site, in the form a Location header can carry (non-ASCII
 * percent-encoded). The value is resolved the way a browser would resolve it and must stay on this origin
 * and not start with "//", so an absolute, protocol-relative or disguised URL in ?callbackUrl= cannot turn
 * sign-in into an open redirect.
 */
export function safeCallbackPath(value: string | null | undefined): string {
  if (!value?.startsWith("/") || CONTROL.test(value)) return "/";
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return "/";
  }
  if (url.origin !== BASE.origin || url.pathname.startsWith("//")) return "/";
  if (url.pathname === "/sign-in" || url.pathname.startsWith("/sign-in/")) return "/";
  return url.pathname + url.search + url.hash;
}
