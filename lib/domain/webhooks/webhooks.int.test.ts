import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhooks } from "../../db/schema";
import { newId } from "../../ids";
import {
  type CreateWebhookInput,
  createWebhookRequestSchema,
  type UpdateWebhookInput,
  webhookResponseSchema,
} from "../../schemas/webhooks";
import { createTestDatabase, type TestDatabase } from "../../testing/database";
import { insertStore } from "../../testing/fixtures";
import { NEW_WEBHOOK_HEALTH } from "../../testing/webhook-fixtures";
import { ConflictError, NotFoundError } from "../errors";
import {
  deleteWebhook,
  enableWebhook,
  findWebhookStore,
  getWebhook,
  listWebhooks,
  updateWebhook,
  upsertWebhook,
} from "./index";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const TOKEN = "subscriber-secret-0123456789-wxyz";

function input(overrides: Partial<CreateWebhookInput> = {}): CreateWebhookInput {
  return {
    callback: { url: "https://example.com/hooks", auth: { bearer: { token: TOKEN } } },
    topic: "return",
    ...overrides,
  };
}

function update(overrides: Partial<UpdateWebhookInput> = {}): UpdateWebhookInput {
  return {
    callback: { url: "https://example.com/updated", auth: { bearer: { token: "another-token-9876" } } },
    externalId: null,
    ...overrides,
  };
}

/** A new store's webhook the dispatcher disabled after `failures` failures, all at 2026-01-02T03:04:05.678Z. */
async function disabledWebhook(failures: number, reason: string) {
  const { db } = database;
  const store = await insertStore(db);
  const { webhook } = await upsertWebhook(db, { storeId: store.id, input: input() });
  const failedAt = new Date("2026-01-02T03:04:05.678Z");
  await db
    .update(webhooks)
    .set({
      consecutiveFailures: failures,
      lastFailureAt: failedAt,
      failingSince: failedAt,
      disabledAt: failedAt,
      disabledReason: reason,
    })
    .where(eq(webhooks.id, webhook.id));
  return { store, webhook };
}

async function storedRow(id: string) {
  const [row] = await database.db.select().from(webhooks).where(eq(webhooks.id, id));
  if (!row) throw new Error(`no webhook ${id}`);
  return row;
}

describe("upsertWebhook", () => {
  it("creates a webhook with a Standard Webhooks signing secret and a masked token", async () => {
    const { db } = database;
    const store = await insertStore(db);
    const result = await upsertWebhook(db, { storeId: store.id, input: input() });
    expect(result.created).toBe(true);
    expect(result.signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(result.signingSecret?.slice(6) ?? "", "base64")).toHaveLength(32);

    const { webhook } = result;
    expect(webhookResponseSchema.parse({ webhook })).toEqual({ webhook });
    expect(webhook.id).toMatch(/^whk_/);
    expect(webhook.callback).toEqual({
      url: "https://example.com/hooks",
      auth: { bearer: { token: "••••wxyz" } },
    });
    expect(webhook).toMatchObject({
      topic: "return",
      kind: "redo",
      payload: "snapshot",
      extraEventTypes: [],
      externalId: null,
    });
    expect(webhook.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(webhook.health).toEqual(NEW_WEBHOOK_HEALTH);

    const row = await storedRow(webhook.id);
    expect(row.authToken).toBe(TOKEN);
    expect(row.signingSecret).toBe(result.signingSecret);
    for (const read of [
      webhook,
      await getWebhook(db, { webhookId: webhook.id, storeIds: [store.id] }),
      await listWebhooks(db, { storeId: store.id }),
    ]) {
      const text = JSON.stringify(read);
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(row.signingSecret.slice(6, 20));
    }
  });

  it("masks short tokens entirely and answers auth: null when there is no token", async () => {
    const { db } = database;
    const store = await insertStore(db);
    const short = await upsertWebhook(db, {
      storeId: store.id,
      input: input({ callback: { url: "https://example.com/a", auth: { bearer: { token: "abcdefgh" } } } }),
    });
    expect(short.webhook.callback.auth).toEqual({ bearer: { token: "••••" } });
    const none = await upsertWebhook(db, {
      storeId: store.id,
      input: input({ callback: { url: "https://example.com/b", auth: null } }),
    });
    expect(none.webhook.callback.auth).toBeNull();
    expect((await storedRow(none.webhook.id)).authToken).toBeNull();
  });

  it("creates (201) then updates (200) the webhook with the same externalId", async () => {
    const { db } = database;
    const store = await insertStore(db);
    const first = await upsertWebhook(db, {
      storeId: store.id,
      input: input({ externalId: "erp-main", kind: "loop", payload: "thin" }),
    });
    expect(first.created).toBe(true);
    const secret = (await storedRow(first.webhook.id)).signingSecret;

    const second = await upsertWebhook(db, {
      storeId: store.id,
      input: input({
        externalId: "erp-main",
        callback: { url: "https://example.com/v2", auth: null },
      }),
    });
    expect(second.created).toBe(false);
    expect(second.signingSecret).toBeUndefined();
    expect(second.webhook.id).toBe(first.webhook.id);
    expect(second.webhook.createdAt).toBe(first.webhook.createdAt);
    expect(second.webhook).toMatchObject({
      callback: { url: "https://example.com/v2", auth: null },
      // The body describes the whole subscription: omitted kind and payload are the defaults.
      kind: "redo",
      payload: "snapshot",
      externalId: "erp-main",
    });
    expect(Date.parse(second.webhook.updatedAt)).toBeGreaterThanOrEqual(Date.parse(first.webhook.updatedAt));
    // The signing secret survives an update.
    expect((await storedRow(first.webhook.id)).signingSecret).toBe(secret);
    expect(await listWebhooks(db, { storeId: store.id })).toHaveLength(1);

    // Without externalId (or with null) every upsert creates.
    for (const externalId of [undefined, null, undefined]) {
      expect((await upsertWebhook(db, { storeId: store.id, input: input({ externalId }) })).created).toBe(
        true,
      );
    }
    expect(await listWebhooks(db, { storeId: store.id })).toHaveLength(4);
  });

  it("keeps externalIds per store: the same key in another store creates a separate webhook", async () => {
    const { db } = database;
    const storeA = await insertStore(db);
    const storeB = await insertStore(db);
    const a = await upsertWebhook(db, { storeId: storeA.id, input: input({ externalId: "shared" }) });
    const b = await upsertWebhook(db, { storeId: storeB.id, input: input({ externalId: "shared" }) });
    expect(a.created && b.created).toBe(true);
    expect(a.webhook.id).not.toBe(b.webhook.id);
  });

  it("makes exactly one webhook from 20 concurrent upserts with one externalId", async () => {
    const { db } = database;
    const store = await insertStore(db);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        upsertWebhook(db, {
          storeId: store.id,
          input: input({
            externalId: "concurrent",
            callback: { url: `https://example.com/hook/${i}`, auth: null },
          }),
        }),
      ),
    );
    const rows = await db.select().from(webhooks).where(eq(webhooks.storeId, store.id));
    expect(rows).toHaveLength(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.webhook.id))).toEqual(new Set([rows[0]?.id]));
    // The winner's secret is the stored one.
    expect(results.find((r) => r.created)?.signingSecret).toBe(rows[0]?.signingSecret);
  });

  it("accepts a parsed create request body (backfill of a store without returns records nothing)", async () => {
    const { db } = database;
    const store = await insertStore(db);
    const body = createWebhookRequestSchema.parse({
      webhook: {
        callback: { url: "https://example.com/x", auth: { bearer: { token: TOKEN } } },
        topic: "return",
        backfill: true,
      },
    });
    const result = await upsertWebhook(db, { storeId: store.id, input: body.webhook });
    expect(result.created).toBe(true);
    expect(body.webhook.kind).toBeUndefined();
    expect(result.webhook).toMatchObject({ kind: "redo", payload: "snapshot" });
  });
});

describe("updateWebhook", () => {
  it("replaces the callback and externalId, and keeps topic, kind and payload unless given", async () => {
    const { db } = database;
    const store = await insertStore(db);
    const { webhook } = await upsertWebhook(db, {
      storeId: store.id,
      input: input({ externalId: "old", kind: "loop", payload: "thin" }),
    });
    const updated = await updateWebhook(db, {
      webhookId: webhook.id,
      storeIds: [store.id],
      input: update({ externalId: "new" }),
    });
    expect(updated).toMatchObject({
      id: webhook.id,
      callback: { url: "https://example.com/updated", auth: { bearer: { token: "••••9876" } } },
      externalId: "new",
      kind: "loop",
      payload: "thin",
      topic: "return",
      createdAt: webhook.createdAt,
    });
    expect((await storedRow(webhook.id)).authToken).toBe("another-token-9876");

    const cleared = await updateWebhook(db, {
      webhookId: webhook.id,
      storeIds: [store.id],
      input: update({
        callback: { url: "https://example.com/u", auth: null },
        externalId: null,
        payload: "snapshot",
      }),
    });
    expect(cleared).toMatchObject({
      callback: { url: "https://example.com/u", auth: null },
      externalId: null,
    });
    expect(cleared).toMatchObject({ kind: "loop", payload: "snapshot" });
    expect(await getWebhook(db, { webhookId: webhook.id, storeIds: [store.id] })).toEqual(cleared);
  });

  it("answers 409 webhook/external-id-conflict when another webhook of the store has the externalId", async () => {
    const { db } = database;
    const store = await insertStore(db);
    const other = await insertStore(db);
    await upsertWebhook(db, { storeId: store.id, input: input({ externalId: "taken" }) });
    await upsertWebhook(db, { storeId: other.id, input: input({ externalId: "elsewhere" }) });
    const { webhook } = await upsertWebhook(db, { storeId: store.id, input: input({ externalId: "mine" }) });

    const error = await updateWebhook(db, {
      webhookId: webhook.id,
      storeIds: [store.id],
      input: update({ externalId: "taken" }),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ status: 409, code: "webhook/external-id-conflict" });
    expect((await storedRow(webhook.id)).externalId).toBe("mine");

    // Keeping its own key, or taking a key only another store uses, is fine.
    await expect(
      updateWebhook(db, {
        webhookId: webhook.id,
        storeIds: [store.id],
        input: update({ externalId: "mine" }),
      }),
    ).resolves.toMatchObject({ externalId: "mine" });
    await expect(
      updateWebhook(db, {
        webhookId: webhook.id,
        storeIds: [store.id],
        input: update({ externalId: "elsewhere" }),
      }),
    ).resolves.toMatchObject({ externalId: "elsewhere" });
  });
});

describe("reading, scoping and deleting", () => {
  it("answers NotFound for foreign, unknown and malformed ids on every operation", async () => {
    const { db } = database;
    const store = await insertStore(db);
    const foreign = await insertStore(db);
    const { webhook } = await upsertWebhook(db, { storeId: store.id, input: input() });

    const cases: [string, string[]][] = [
      [webhook.id, [foreign.id]],
      [webhook.id, []],
      [newId("webhook"), [store.id]],
      ["whk_short", [store.id]],
      [newId("return"), [store.id]],
      ["", [store.id]],
    ];
    for (const [webhookId, storeIds] of cases) {
      const label = `${webhookId} in ${storeIds.join(",")}`;
      for (const run of [
        () => getWebhook(db, { webhookId, storeIds }),
        () => findWebhookStore(db, { webhookId, storeIds }),
        () => updateWebhook(db, { webhookId, storeIds, input: update() }),
        () => deleteWebhook(db, { webhookId, storeIds }),
      ]) {
        const error = await run().catch((e: unknown) => e);
        expect(error, label).toBeInstanceOf(NotFoundError);
        expect(error, label).toMatchObject({ status: 404, code: "webhook/not-found" });
      }
    }
    // Untouched by the foreign attempts.
    expect(await getWebhook(db, { webhookId: webhook.id, storeIds: [store.id] })).toEqual(webhook);
    expect(await listWebhooks(db, { storeId: foreign.id })).toEqual([]);
  });

  it("finds the webhook's store among the caller's stores", async () => {
    const { db } = database;
    const storeA = await insertStore(db);
    const storeB = await insertStore(db);
    const { webhook } = await upsertWebhook(db, { storeId: storeB.id, input: input() });
    expect(await findWebhookStore(db, { webhookId: webhook.id, storeIds: [storeA.id, storeB.id] })).toBe(
      storeB.id,
    );
    expect(await getWebhook(db, { webhookId: webhook.id, storeIds: [storeA.id, storeB.id] })).toEqual(
      webhook,
    );
  });

  it("lists a store's webhooks newest first and deletes one", async () => {
    const { db } = database;
    const store = await insertStore(db);
    const first = await upsertWebhook(db, { storeId: store.id, input: input({ externalId: "one" }) });
    await db
      .update(webhooks)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(webhooks.id, first.webhook.id));
    const second = await upsertWebhook(db, { storeId: store.id, input: input({ externalId: "two" }) });
    const listed = await listWebhooks(db, { storeId: store.id });
    expect(listed.map((w) => w.id)).toEqual([second.webhook.id, first.webhook.id]);
    for (const w of listed) expect(w.callback.auth?.bearer.token).toBe("••••wxyz");

    await deleteWebhook(db, { webhookId: first.webhook.id, storeIds: [store.id] });
    expect((await listWebhooks(db, { storeId: store.id })).map((w) => w.id)).toEqual([second.webhook.id]);
    await expect(
      getWebhook(db, { webhookId: first.webhook.id, storeIds: [store.id] }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      deleteWebhook(db, { webhookId: first.webhook.id, storeIds: [store.id] }),
    ).rejects.toBeInstanceOf(NotFoundError);
    // Its externalId is free again.
    expect(
      (await upsertWebhook(db, { storeId: store.id, input: input({ externalId: "one" }) })).created,
    ).toBe(true);
  });

  it("serializes health fields from the row", async () => {
    const { store, webhook } = await disabledWebhook(3, "Failing for 3 days");
    const read = await getWebhook(database.db, { webhookId: webhook.id, storeIds: [store.id] });
    expect(read.health).toEqual({
      consecutiveFailures: 3,
      lastSuccessAt: null,
      lastFailureAt: "2026-01-02T03:04:05.678Z",
      failingSince: "2026-01-02T03:04:05.678Z",
      disabledAt: "2026-01-02T03:04:05.678Z",
      disabledReason: "Failing for 3 days",
    });
  });
});

describe("enableWebhook", () => {
  it("clears the disabled state and the failure run, idempotently", async () => {
    const { db } = database;
    const { store, webhook } = await disabledWebhook(9, "failing for 3 days");
    const other = await insertStore(db);

    const enabled = await enableWebhook(db, { webhookId: webhook.id, storeIds: [store.id] });
    expect(enabled.health).toEqual({
      consecutiveFailures: 0,
      lastSuccessAt: null,
      lastFailureAt: "2026-01-02T03:04:05.678Z",
      failingSince: null,
      disabledAt: null,
      disabledReason: null,
    });
    expect(enabled.updatedAt).toBe(webhook.updatedAt);
    expect(await enableWebhook(db, { webhookId: webhook.id, storeIds: [store.id] })).toEqual(enabled);
    await expect(enableWebhook(db, { webhookId: webhook.id, storeIds: [other.id] })).rejects.toMatchObject({
      code: "webhook/not-found",
    });
  });
});
