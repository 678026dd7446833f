/**
 * Ends the staff session the way next-auth's own client does (its CSRF token, then POST /signout),
 * without shipping next-auth/react (~10 KB gzipped) in every staff page: sign-out is its only use there.
 */
export async function endStaffSession(): Promise<void> {
  const csrf = await fetch("/api/auth/csrf", { credentials: "same-origin" });
  if (!csrf.ok) throw new Error(`csrf ${csrf.status}`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch("/api/auth/signout", {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
    body: new URLSearchParams({ csrfToken, json: "true" }),
  });
  if (!response.ok) throw new Error(`signout ${response.status}`);
}
