import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { IDEMPOTENCY_KEY_TTL_MS } from "../contracts/idempotency";
import type { Db } from "../db";
import { idempotencyKeys } from "../db/schema";
import { HttpProblem } from "./problem";

/**
 * `Idempotency-Key` on POST (the IETF httpapi draft's semantics), so a client that retries after a timeout
 * cannot do the same thing twice: the first request with a key runs; the same key with the same request
 * replays its answer (status, body and the headers that matter) with `Idempotent-Replayed: true`; the same
 * key with another request is 422; a key whose first request is still running is 409. Keys are scoped per
 * caller (API secret or staff user) and kept 24 hours. An answer that holds a secret (`Cache-Control:
 * no-store`) is never stored: its key is spent, and a retry gets 409 instead of a second secret.
 */

/** A first request this old without an answer died with its process: its key may be taken over. */
const ABANDONED_AFTER_MS = 60_000;
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;
const REPLAYED_HEADERS = ["content-type", "location", "cache-control"];

export type IdempotentRequest = { principal: string; key: string; fingerprint: string };

/** The Idempotency-Key header, checked: 1..255 visible ASCII characters; a quoted value is unquoted. */
export function readIdempotencyKey(request: Request, resource: string): string | undefined {
  const raw = request.headers.get("idempotency-key");
  if (raw === null) return undefined;
  const key = raw.trim().replace(/^"(.*)"$/, "$1");
  if (!KEY_SHAPE.test(key)) {
    throw new HttpProblem(
      400,
      `${resource}/invalid-request`,
      "Idempotency-Key must be 1 to 255 visible ASCII characters.",
      {
        errors: [
          { path: "idempotency-key", message: "Use 1 to 255 visible ASCII characters, such as a UUID." },
        ],
      },
    );
  }
  return key;
}

/** What identifies "the same request": method, path and the parsed body. */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash("sha256")
    .update(`${method} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest("hex");
}

/**
 * Claims the key for this request: null when the request is to run (the caller then `settle`s it), or the
 * stored answer to replay. Throws 409 (in flight, or spent on a secret) or 422 (another request).
 */
export async function claimIdempotencyKey(db: Db, request: IdempotentRequest): Promise<Response | null> {
  // Expired keys go now and then, by the created_at index: one claim in a hundred pays for it.
  if (Math.random() < 0.01) {
    await db
      .delete(idempotencyKeys)
      .where(
        sql`${idempotencyKeys.createdAt} < now() - ${`${IDEMPOTENCY_KEY_TTL_MS} milliseconds`}::interval`,
      );
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ principal: request.principal, key: request.key, fingerprint: request.fingerprint })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return null;
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.principal, request.principal), eq(idempotencyKeys.key, request.key)));
    if (!row) continue; // released in between: try again
    const age = Date.now() - row.createdAt.getTime();
    const abandoned = row.status === null && age > ABANDONED_AFTER_MS;
    if (age > IDEMPOTENCY_KEY_TTL_MS || abandoned) {
      await release(db, request, row.createdAt);
      continue;
    }
    if (row.fingerprint !== request.fingerprint) {
      throw new HttpProblem(
        422,
        "request/idempotency-key-reused",
        "This Idempotency-Key was used for another request in the last 24 hours; use a new key.",
      );
    }
    if (row.status === null) {
      throw new HttpProblem(
        409,
        "request/idempotency-key-in-flight",
        "A request with this Idempotency-Key is still being processed; retry shortly.",
        { headers: { "Retry-After": "1" } },
      );
    }
    if (row.status === 0) {
      throw new HttpProblem(
        409,
        "request/idempotency-key-spent",
        "This request already succeeded, and its answer held a secret that is shown once only.",
      );
    }
    return new Response(row.responseBody, {
      status: row.status,
      headers: { ...(row.responseHeaders ?? {}), "Idempotent-Replayed": "true" },
    });
  }
  throw new HttpProblem(
    409,
    "request/idempotency-key-in-flight",
    "The Idempotency-Key is contended; retry shortly.",
  );
}

async function release(db: Db, request: IdempotentRequest, createdAt?: Date): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.principal, request.principal),
        eq(idempotencyKeys.key, request.key),
        createdAt ? eq(idempotencyKeys.createdAt, createdAt) : sql`status is null`,
      ),
    );
}

/**
 * Records the answer of a claimed request. A 5xx (or a thrown error: `response` undefined) releases the
 * key, so the client's retry runs again; anything else is kept for replay, except a secret.
 */
export async function settleIdempotencyKey(
  db: Db,
  request: IdempotentRequest,
  response: Response | undefined,
): Promise<void> {
  if (!response || response.status >= 500) {
    await release(db, request);
    return;
  }
  const secret = (response.headers.get("cache-control") ?? "").includes("no-store");
  const headers = Object.fromEntries(
    REPLAYED_HEADERS.flatMap((name) => {
      const value = response.headers.get(name);
      return value === null ? [] : [[name, value]];
    }),
  );
  await db
    .update(idempotencyKeys)
    .set(
      secret
        ? { status: 0 }
        : { status: response.status, responseHeaders: headers, responseBody: await response.clone().text() },
    )
    .where(and(eq(idempotencyKeys.principal, request.principal), eq(idempotencyKeys.key, request.key)));
}
