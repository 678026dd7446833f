/**
 * Where to go after sign-in: only a path on this site. An absolute or protocol-relative URL in
 * ?callbackUrl= would turn sign-in into an open redirect.
 */
export function safeCallbackPath(value: string | null | undefined): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  if (value.startsWith("/sign-in")) return "/";
  return value;
}
