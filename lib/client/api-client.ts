/**
 * The web app's own client for the public API (/api/v2.2). Pages call the same endpoints integrators do,
 * authenticated by the staff session cookie; mutations pass the API's same-origin check because the
 * browser sends Origin on same-origin fetches.
 */

export const API_BASE = "/api/v2.2";

export type FieldIssue = { path: string; message: string };

/** An API answer that was not 2xx, carrying the problem+json body when there was one. */
export class ApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly detail: string;
  readonly errors: FieldIssue[];
  readonly requestId: string | null;

  constructor(
    status: number,
    problem: { type?: string; title?: string; detail?: string; errors?: FieldIssue[] },
    requestId: string | null,
  ) {
    super(problem.detail ?? problem.title ?? `The server answered ${status}.`);
    this.name = "ApiError";
    this.status = status;
    this.type = problem.type ?? "about:blank";
    this.detail = this.message;
    this.errors = problem.errors ?? [];
    this.requestId = requestId;
  }

  /** The problem code without the `com.service.api:` prefix, e.g. `return/item-not-found`. */
  get code(): string {
    return this.type.replace(/^com\.service\.api:/, "");
  }
}

export type ApiResponse<T> = { data: T; headers: Headers; status: number };

export type ApiRequest = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string | number | undefined | null>;
  signal?: AbortSignal;
};

export function apiUrl(path: string, query?: ApiRequest["query"]): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const qs = search.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ""}`;
}

export async function apiRequest<T>(path: string, request: ApiRequest = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { Accept: "application/json", ...request.headers };
  if (request.body !== undefined) headers["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(apiUrl(path, request.query), {
      method: request.method ?? "GET",
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      credentials: "same-origin",
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(
      0,
      { detail: "The server could not be reached. Check your connection and retry." },
      null,
    );
  }
  const requestId = response.headers.get("x-request-id");
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const problem = typeof parsed === "object" && parsed !== null ? parsed : {};
    if (response.status === 401 && typeof window !== "undefined") {
      // The session ended (expired or signed out elsewhere): back to sign-in, then here again.
      const back = window.location.pathname + window.location.search;
      window.location.assign(`/sign-in?callbackUrl=${encodeURIComponent(back)}`);
    }
    throw new ApiError(response.status, problem, requestId);
  }
  return { data: parsed as T, headers: response.headers, status: response.status };
}

/** A human sentence for any error a query or mutation threw. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.detail;
  if (error instanceof Error) return error.message;
  return "Something went wrong.";
}
