/**
 * Ends the staff session the way next-auth's own client does (its CSRF token, then POST /signout),
 * without shipping next-auth/react (~10 KB gzipped) in every staff page: sign-out is its only use there.
 */
import { clearPersonalCaches } from "./offline-caches";

/** The server answered and did not end the session; the message is its sentence for the person. */
export class SignOutRefusedError extends Error {}

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
  if (!response.ok) {
    // The server's own sentence when it has one (a sign-out it could not finish keeps the session open).
    const problem = (await response.json().catch(() => null)) as { detail?: unknown } | null;
    if (typeof problem?.detail === "string") throw new SignOutRefusedError(problem.detail);
    throw new Error(`signout ${response.status}`);
  }
  // Signed out: the pages and API answers kept for offline use go too (a shared tablet's next person).
  await clearPersonalCaches();
}
