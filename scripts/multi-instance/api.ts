/**
 * HTTP calls of the multi-instance test: API calls with a secret or a staff session against one named
 * instance, counted per instance so the report shows the traffic really was spread.
 */

export type Instance = { name: string; url: string; alive: boolean };

export type Answer = { status: number; headers: Headers; body: unknown; ms: number };

export const API = "/api/v2.2";
const perInstance = new Map<string, number>();

export function requestCounts(): Record<string, number> {
  return Object.fromEntries(perInstance);
}

export type Auth = { secret: string } | { cookie: string };

/** A request body sent as it is (a CSV file) rather than as JSON. */
export class RawBody {
  constructor(
    readonly contentType: string,
    readonly text: string,
  ) {}
}

export async function call(
  instance: Instance,
  method: string,
  route: string,
  auth: Auth,
  body?: unknown,
): Promise<Answer> {
  const raw = body instanceof RawBody ? body : undefined;
  perInstance.set(instance.name, (perInstance.get(instance.name) ?? 0) + 1);
  const headers: Record<string, string> = {};
  if ("secret" in auth) headers.authorization = `Bearer ${auth.secret}`;
  else {
    headers.cookie = auth.cookie;
    // A session's writes must come from our own pages (lib/api/principal.ts assertSameOrigin).
    headers.origin = instance.url;
  }
  if (body !== undefined) headers["content-type"] = raw?.contentType ?? "application/json";
  const started = performance.now();
  const response = await fetch(`${instance.url}${API}${route}`, {
    method,
    headers,
    body: raw ? raw.text : body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: kept as text for the error message
  }
  return {
    status: response.status,
    headers: response.headers,
    body: parsed,
    ms: performance.now() - started,
  };
}

/** A call that must succeed with one of `expected`; its body otherwise makes the error message. */
export async function must<T>(answer: Promise<Answer>, what: string, expected = [200, 201]): Promise<T> {
  const result = await answer;
  if (!expected.includes(result.status)) {
    throw new Error(`${what}: HTTP ${result.status} ${JSON.stringify(result.body).slice(0, 500)}`);
  }
  return result.body as T;
}

function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((line) => line.split(";")[0] ?? "");
}

/** What a sign-in through next-auth's credentials endpoint answered: a session cookie, or its error code. */
export type SignInAnswer = { cookie: string } | { error: string; status: number };

/** Signs in as the sign-in page does (CSRF token, then the credentials callback). */
export async function attemptSignIn(
  instance: Instance,
  email: string,
  password: string,
): Promise<SignInAnswer> {
  const csrf = await fetch(`${instance.url}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = cookiesOf(csrf);
  const response = await fetch(`${instance.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; ") },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }).toString(),
  });
  const session = cookiesOf(response).find((cookie) => cookie.includes("next-auth.session-token="));
  const body = (await response.json().catch(() => ({}))) as { url?: string };
  if (session) return { cookie: session };
  const error = body.url ? new URL(body.url).searchParams.get("error") : null;
  return { error: error ?? "none", status: response.status };
}

/** Signs a staff user in; returns the Cookie header of the session. */
export async function signIn(instance: Instance, email: string, password: string): Promise<string> {
  const answer = await attemptSignIn(instance, email, password);
  if ("error" in answer)
    throw new Error(`Signing in as ${email} failed (HTTP ${answer.status}, ${answer.error}).`);
  return answer.cookie;
}
