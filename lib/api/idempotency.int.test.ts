import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { POST as addComment } from "@/app/api/v2.2/returns/[returnId]/comments/route";
import { POST as rotateSecret } from "@/app/api/v2.2/webhooks/[webhookId]/rotate-secret/route";
import { idempotencyKeys, returnComments } from "@/lib/db/schema";
import { createApiKey } from "@/lib/domain/api-keys";
import { upsertWebhook } from "@/lib/domain/webhooks";
import { callRoute } from "@/lib/testing/api";
import { expectProblem, pickReturn, setupDemoApiTestDatabase } from "@/lib/testing/api-helpers";
import { claimIdempotencyKey, settleIdempotencyKey } from "./idempotency";

const setup = setupDemoApiTestDatabase({ returns: 20 });

async function comment(
  returnId: string,
  message: string,
  key: string | undefined,
  secret = setup().demoA.secret,
) {
  return callRoute<{ comment: { message: string } }>(
    addComment,
    { returnId },
    {
      method: "POST",
      path: `/returns/${returnId}/comments`,
      secret,
      headers: key === undefined ? {} : { "Idempotency-Key": key },
      body: { comment: { message } },
    },
  );
}

async function commentCount(returnId: string): Promise<number> {
  const rows = await setup()
    .database.db.select()
    .from(returnComments)
    .where(eq(returnComments.returnId, returnId));
  return rows.length;
}

describe("Idempotency-Key on POST", () => {
  it("runs the first request once and replays its answer to a retry", async () => {
    const { returnId } = await pickReturn(setup().database.db, setup().demoA.id);
    const before = await commentCount(returnId);
    const first = await comment(returnId, "Arrived at the dock.", "retry-1");
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await comment(returnId, "Arrived at the dock.", "retry-1");
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    expect(await commentCount(returnId)).toBe(before + 1);
  });

  it("lets concurrent retries with one key write once (the others replay or are told to wait)", async () => {
    const { returnId } = await pickReturn(setup().database.db, setup().demoA.id);
    const before = await commentCount(returnId);
    const answers = await Promise.all([1, 2, 3, 4].map(() => comment(returnId, "Scanned twice", "race-1")));
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    expect(answers.filter((a) => a.status === 201 && !a.headers.get("idempotent-replayed"))).toHaveLength(1);
    expect(await commentCount(returnId)).toBe(before + 1);
  });

  it("refuses the same key with another request (422), writing nothing", async () => {
    const { returnId } = await pickReturn(setup().database.db, setup().demoA.id);
    await comment(returnId, "One", "reuse-1");
    const after = await commentCount(returnId);
    expectProblem(await comment(returnId, "Two", "reuse-1"), 422, "request/idempotency-key-reused");
    expect(await commentCount(returnId)).toBe(after);
  });

  it("answers 409 while the first request with the key runs, and lets a retry run once it failed", async () => {
    const { db } = setup().database;
    const request = { principal: "api-key:key_test", key: "inflight-1", fingerprint: "f" };
    expect(await claimIdempotencyKey(db, request)).toBeNull();
    await expect(claimIdempotencyKey(db, request)).rejects.toMatchObject({
      status: 409,
      code: "request/idempotency-key-in-flight",
    });
    // A 5xx releases the key: the retry runs.
    await settleIdempotencyKey(db, request, new Response("{}", { status: 503 }));
    expect(await claimIdempotencyKey(db, request)).toBeNull();
    await settleIdempotencyKey(db, request, undefined);
    expect(await claimIdempotencyKey(db, request)).toBeNull();
  });

  it("scopes keys per caller and forgets them after 24 hours", async () => {
    const { database, demoA } = setup();
    const { returnId } = await pickReturn(database.db, demoA.id);
    const other = await createApiKey(database.db, { storeId: demoA.id, name: "second integration" });
    const before = await commentCount(returnId);
    await comment(returnId, "Same words", "shared-1");
    const second = await comment(returnId, "Same words", "shared-1", other.secret);
    expect(second.headers.get("idempotent-replayed")).toBeNull();
    expect(await commentCount(returnId)).toBe(before + 2);
    await database.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(idempotencyKeys.key, "shared-1"));
    const later = await comment(returnId, "Same words", "shared-1");
    expect(later.headers.get("idempotent-replayed")).toBeNull();
    expect(await commentCount(returnId)).toBe(before + 3);
  });

  it("purges expired keys now and then, leaving live ones", async () => {
    const { db } = setup().database;
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await db.insert(idempotencyKeys).values([
      { principal: "api-key:key_old", key: "old-1", fingerprint: "f", status: 201, createdAt: old },
      { principal: "api-key:key_old", key: "live-1", fingerprint: "f", status: 201 },
    ]);
    const random = vi.spyOn(Math, "random").mockReturnValue(0);
    try {
      await claimIdempotencyKey(db, { principal: "api-key:key_other", key: "k", fingerprint: "f" });
    } finally {
      random.mockRestore();
    }
    const left = await db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.principal, "api-key:key_old"));
    expect(left.map((row) => row.key)).toEqual(["live-1"]);
  });

  it("never stores an answer that holds a secret: the key is spent and a retry is 409", async () => {
    const { database, demoA } = setup();
    const { webhook } = await upsertWebhook(database.db, {
      storeId: demoA.id,
      input: { callback: { url: "https://hooks.example.com/idem", auth: null }, topic: "return" },
    });
    const rotate = () =>
      callRoute<{ signingSecret: string }>(
        rotateSecret,
        { webhookId: webhook.id },
        {
          method: "POST",
          path: `/webhooks/${webhook.id}/rotate-secret`,
          secret: demoA.secret,
          headers: { "Idempotency-Key": "rotate-1" },
        },
      );
    const first = await rotate();
    expect(first.status).toBe(200);
    expectProblem(await rotate(), 409, "request/idempotency-key-spent");
    const [row] = await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, "rotate-1"));
    expect(row?.responseBody).toBeNull();
    expect(JSON.stringify(row)).not.toContain(first.body.signingSecret);
  });

  it("refuses a malformed key with a 400 naming the header, before anything runs", async () => {
    const { returnId } = await pickReturn(setup().database.db, setup().demoA.id);
    const before = await commentCount(returnId);
    for (const key of ["", "with space", "x".repeat(256), "é"]) {
      const response = await comment(returnId, "Never stored", key);
      expectProblem(response, 400, "return/invalid-request");
    }
    expect(await commentCount(returnId)).toBe(before);
  });
});
