import { createHmac, timingSafeEqual } from "node:crypto";
import type { KeysetPosition } from "../domain/paging";
import { HttpProblem } from "./problem";

export type { KeysetPosition };

/**
 * Page markers (X-Page-Next / X-Page-Continue) are opaque and tamper-evident: the position and a hash
 * of the filters they were issued for, signed with HMAC-SHA256. An altered marker, or one replayed with
 * other filters, is refused with a 400 (decisions §4).
 */
export function encodeCursor(position: KeysetPosition, filters: unknown, key: string): string {
  const payload = Buffer.from(
    JSON.stringify({ u: position.updatedAt.toISOString(), i: position.id, f: filterDigest(filters) }),
  ).toString("base64url");
  return `${payload}.${sign(payload, key)}`;
}

export function decodeCursor(token: string, filters: unknown, key: string, resource: string): KeysetPosition {
  const invalid = (message: string) =>
    new HttpProblem(400, `${resource}/invalid-request`, message, {
      errors: [{ path: "X-Page-Continue", message }],
    });
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined || token.length > 512) {
    throw invalid("The page marker is malformed; send X-Page-Next exactly as it was received.");
  }
  const expected = Buffer.from(sign(payload, key));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw invalid("The page marker was altered or was not issued by this server.");
  }
  let parsed: { u?: unknown; i?: unknown; f?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    throw invalid("The page marker is malformed.");
  }
  if (parsed.f !== filterDigest(filters)) {
    throw invalid("The page marker belongs to a query with other filters; start again from the first page.");
  }
  const updatedAt = typeof parsed.u === "string" ? new Date(parsed.u) : undefined;
  if (!updatedAt || Number.isNaN(updatedAt.getTime()) || typeof parsed.i !== "string") {
    throw invalid("The page marker is malformed.");
  }
  return { updatedAt, id: parsed.i };
}

function sign(payload: string, key: string): string {
  return createHmac("sha256", key).update(payload).digest("base64url").slice(0, 22);
}

/** A stable digest of the filters: keys sorted, undefined dropped, dates as ISO strings. */
function filterDigest(filters: unknown): string {
  const canonical = JSON.stringify(filters, (_key, value: unknown) => {
    if (value && typeof value === "object" && !Array.isArray(value) && !(value instanceof Date)) {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .filter(([, v]) => v !== undefined)
          .sort(([a], [b]) => a.localeCompare(b)),
      );
    }
    return value;
  });
  return createHmac("sha256", "filters")
    .update(canonical ?? "")
    .digest("base64url")
    .slice(0, 16);
}
