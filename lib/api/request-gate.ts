import { PROBLEM_TYPE_PREFIX, problemBody } from "./problem";
import { allowedMethods } from "./route-table";

/**
 * What the HTTP server answers itself, before Next.js sees a request under /api/v2.2: requests the
 * framework would otherwise answer with its own HTML, plain-text 500s or redirects (found by a black-box
 * fuzz). Every answer is problem+json with X-Request-Id, like the API's own.
 * - A path segment with malformed percent-encoding (`%zz`, `abc%`, overlong UTF-8 `%C0%AE`), an encoded
 *   control character (`%00`), a `.` or `..` segment (raw or encoded), an empty segment or a trailing slash: 404 `request/not-found` (a malformed
 *   id is not found, like any unknown id; nothing is redirected or resolved).
 * - OPTIONS: 204 with the path's real `Allow`.
 * - A method the path does not serve, whether one the API uses elsewhere (a PUT where only GET is declared:
 *   route files export only what their contracts declare) or one it never serves (TRACE, PROPFIND,
 *   MKCOL…): 405 with the path's `Allow`, or 404 on a path that serves nothing.
 * - A request target longer than 8 KiB: 414 `request/uri-too-long`.
 */

export const API_PREFIX = "/api/v2.2";
export const MAX_REQUEST_TARGET = 8192;
const SERVED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);
// C0 controls and DEL, %-encoded into a path id (`%00` would reach SQL as a NUL).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f]/;
// "%" not followed by two hex digits.
const BAD_PERCENT = /%(?![0-9A-Fa-f]{2})/;

export type GateAnswer = { status: number; code?: string; detail?: string; headers?: Record<string, string> };

/** The path's segments decoded, or null when one is not a well-formed, canonical segment. */
function decodedSegments(path: string): string[] | null {
  const raw = path.split("/").slice(1);
  const decoded: string[] = [];
  for (const segment of raw) {
    if (segment === "" || BAD_PERCENT.test(segment)) return null;
    let value: string;
    try {
      value = decodeURIComponent(segment);
    } catch {
      return null;
    }
    if (value === "." || value === ".." || value.includes("/") || CONTROL.test(value)) return null;
    decoded.push(value);
  }
  return decoded;
}

/** The gate's answer for a request, or null to hand it to Next.js. `target` is the raw request target. */
export function gateApiRequest(method: string, target: string): GateAnswer | null {
  if (target !== API_PREFIX && !target.startsWith(`${API_PREFIX}/`) && !target.startsWith(`${API_PREFIX}?`)) {
    return null;
  }
  if (target.length > MAX_REQUEST_TARGET) {
    return {
      status: 414,
      code: "request/uri-too-long",
      detail: `The request target is longer than ${MAX_REQUEST_TARGET} characters.`,
    };
  }
  const rawPath = target.split(/[?#]/, 1)[0] ?? "";
  const below = rawPath.slice(API_PREFIX.length);
  const segments = below === "" ? null : decodedSegments(below);
  const notFound: GateAnswer = {
    status: 404,
    code: "request/not-found",
    detail: `No operation is served at ${method} ${rawPath}.`,
  };
  if (!segments) return notFound;
  const allow = allowedMethods(`/${segments.join("/")}`);
  if (method === "OPTIONS") return allow ? { status: 204, headers: { Allow: allow.join(", ") } } : notFound;
  // An unknown path goes on to Next.js, whose catch-all route answers the 404 for the API's methods.
  if (!allow) return SERVED_METHODS.has(method) ? null : notFound;
  if (allow.includes(method)) return null;
  // The 405's Allow names the operations declared (as it did before the gate); OPTIONS adds HEAD and OPTIONS.
  const declared = allow.filter((m) => m !== "OPTIONS" && m !== "HEAD").join(", ");
  return {
    status: 405,
    code: "request/method-not-allowed",
    detail: `${method} is not allowed here; use ${declared}.`,
    headers: { Allow: declared },
  };
}

/** The answer as status, headers and body text (problem+json, or none for a 204), for any server to send. */
export function renderGateAnswer(
  answer: GateAnswer,
  requestId: string,
): { status: number; headers: Record<string, string>; body?: string } {
  const headers: Record<string, string> = { "X-Request-Id": requestId, ...answer.headers };
  if (!answer.code) return { status: answer.status, headers };
  const body = JSON.stringify(
    problemBody({
      type: `${PROBLEM_TYPE_PREFIX}${answer.code}`,
      status: answer.status,
      detail: answer.detail ?? "",
      requestId,
    }),
  );
  return { status: answer.status, headers: { ...headers, "Content-Type": "application/problem+json" }, body };
}
