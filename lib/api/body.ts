import type { FieldIssue } from "../domain/errors";
import { HttpProblem } from "./problem";

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
export const MAX_JSON_DEPTH = 64;

/**
 * Reads a JSON request body under a byte limit (decisions §10). The declared Content-Length is checked
 * first, and the stream is counted as it arrives so a body without one cannot exceed the limit either.
 */
export async function readJsonBody(
  request: Request,
  limit: number,
  resource: string,
  options: { optional?: boolean } = {},
): Promise<unknown> {
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]?.trim().toLowerCase();
  // An operation whose body the package does not require takes a request with none (and no Content-Type).
  if (options.optional && contentType === "" && hasNoBytes(request)) return {};
  if (mediaType !== "application/json" && !mediaType?.endsWith("+json")) {
    throw new HttpProblem(
      415,
      "request/unsupported-media-type",
      `Send the body as JSON with "Content-Type: application/json"${contentType ? `, not "${contentType}"` : ""}.`,
      { headers: { "Accept-Post": "application/json" } },
    );
  }
  const tooLarge = () =>
    new HttpProblem(413, "request/too-large", `The request body exceeds the limit of ${limit} bytes.`);
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();

  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read().catch(bodyCutOff);
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    // Decoding leniently would store U+FFFD where the client sent something else.
    throw new HttpProblem(400, `${resource}/invalid-request`, "The request body is not valid UTF-8.", {
      errors: [{ path: "", message: "Send the body encoded as UTF-8." }],
    });
  }
  if (text.trim() === "") {
    if (options.optional) return {};
    throw new HttpProblem(
      400,
      `${resource}/invalid-request`,
      "The request body is empty; a JSON object is expected.",
      {
        errors: [{ path: "", message: "Expected a JSON body" }],
      },
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : "invalid JSON";
    throw new HttpProblem(400, `${resource}/invalid-request`, "The request body is not valid JSON.", {
      errors: [{ path: "", message: `Malformed JSON: ${reason}` }],
    });
  }
  assertStorableStrings(parsed, resource);
  return parsed;
}

// U+0000 (PostgreSQL text cannot hold it) and a UTF-16 surrogate without its pair (it cannot be encoded as
// UTF-8, so it would be stored as U+FFFD while the response echoed the original).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching U+0000 is the point.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function unstorableMessage(text: string): string {
  return text.includes("\u0000")
    ? "Must not contain the NUL character (U+0000)."
    : "Must not contain an unpaired UTF-16 surrogate (\\uD800-\\uDFFF without its pair).";
}

/** Nesting no operation's body comes near; deeper JSON is refused before anything walks it. */
class TooDeep extends Error {}

/**
 * Every string (and object key) in a parsed JSON value that the database could not store as sent. Walked with
 * a stack of its own, not by recursion, so no nesting can overflow the call stack; past `MAX_JSON_DEPTH`
 * nested arrays and objects it throws TooDeep.
 */
export function unstorableStringIssues(value: unknown): FieldIssue[] {
  const issues: FieldIssue[] = [];
  // Entries still to visit, last first; `key` is set on an object's entries, whose keys are checked too.
  const pending: { value: unknown; path: string[]; depth: number; key?: string }[] = [
    { value, path: [], depth: 0 },
  ];
  for (let entry = pending.pop(); entry; entry = pending.pop()) {
    const { value: item, path, depth, key } = entry;
    if (key !== undefined && UNSTORABLE.test(key)) {
      issues.push({ path: path.join("."), message: `The key ${unstorableMessage(key).toLowerCase()}` });
    }
    if (typeof item === "string") {
      if (UNSTORABLE.test(item)) issues.push({ path: path.join("."), message: unstorableMessage(item) });
      continue;
    }
    if (!item || typeof item !== "object") continue;
    if (depth >= MAX_JSON_DEPTH) throw new TooDeep();
    const children = Array.isArray(item)
      ? item.map((child, i) => ({ value: child, path: [...path, String(i)], depth: depth + 1 }))
      : Object.entries(item).map(([name, child]) => ({
          value: child,
          path: [...path, name],
          depth: depth + 1,
          key: name,
        }));
    for (let i = children.length - 1; i >= 0; i--) pending.push(children[i] as (typeof children)[number]);
  }
  return issues;
}

/** A 400 naming each field that holds U+0000 or a lone surrogate, before any schema or SQL sees it. */
export function assertStorableStrings(value: unknown, resource: string): void {
  let errors: FieldIssue[];
  try {
    errors = unstorableStringIssues(value);
  } catch (error) {
    if (!(error instanceof TooDeep)) throw error;
    throw new HttpProblem(
      400,
      `${resource}/invalid-request`,
      `The request body is nested deeper than ${MAX_JSON_DEPTH} levels.`,
      { errors: [{ path: "", message: `Nest arrays and objects at most ${MAX_JSON_DEPTH} levels deep.` }] },
    );
  }
  if (errors.length === 0) return;
  throw new HttpProblem(
    400,
    `${resource}/invalid-request`,
    `${errors.map((e) => e.path || "The body").join(", ")}: ${errors[0]?.message}`,
    { errors },
  );
}

/**
 * The connection closed before the whole body arrived: the server's request timeout cut a client that sent
 * it too slowly (lib/server, which has already answered it 408), or the client gave up. Not a server
 * error: it is logged as the 408 the client got, without a stack trace.
 */
function bodyCutOff(): never {
  throw new HttpProblem(408, "request/timeout", "The request body did not arrive (the connection closed).");
}

/**
 * True when the request says it carries no body: a declared length of 0, or no body at all. A chunked body
 * without a Content-Type is not peeked into (it could be large); it gets the 415 like any other.
 */
function hasNoBytes(request: Request): boolean {
  return request.headers.get("content-length") === "0" || request.body === null;
}
