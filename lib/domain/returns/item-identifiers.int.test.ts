import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, returnItems, returns, webhookDeliveries, webhooks } from "../../db/schema";
import { newId } from "../../ids";
import { returnEventSchema, returnResponseSchema } from "../../schemas/returns";
import { setupDemoTestDatabase } from "../../testing/demo-database";
import { thinEventPayload } from "../../webhooks/payload";
import { ItemNotFoundError, NotFoundError } from "../errors";
import { getReturn } from "./get";
import { setReturnItemIdentifiers } from "./item-identifiers";

const demo = setupDemoTestDatabase();
const actor = { name: "Test Integration", apiKeyId: undefined };

type Target = { storeId: string; returnId: string; itemIds: string[] };
const used = new Set<string>();

/** A fresh demo return (not used by another test) with at least `minItems` items. */
async function pickReturn(minItems = 2, storeId = demo.storeIds[0] as string): Promise<Target> {
  const { rows } = await demo.db.execute<{ id: string; n: number }>(sql`
    select r.id, count(i.id)::int as n from returns r join return_items i on i.return_id = r.id
    where r.store_id = ${storeId} group by r.id having count(i.id) >= ${minItems} order by r.id`);
  const row = rows.find((r) => !used.has(r.id));
  if (!row) throw new Error("no return left");
  used.add(row.id);
  const items = await demo.db
    .select({ id: returnItems.id })
    .from(returnItems)
    .where(eq(returnItems.returnId, row.id))
    .orderBy(asc(returnItems.position));
  return { storeId, returnId: row.id, itemIds: items.map((i) => i.id) };
}

async function identifiers(returnId: string): Promise<Map<string, string | null>> {
  const rows = await demo.db
    .select({ id: returnItems.id, value: returnItems.externalIdentifier })
    .from(returnItems)
    .where(eq(returnItems.returnId, returnId));
  return new Map(rows.map((r) => [r.id, r.value]));
}

async function updatedAt(returnId: string): Promise<Date> {
  const [row] = await demo.db
    .select({ updatedAt: returns.updatedAt })
    .from(returns)
    .where(eq(returns.id, returnId));
  if (!row) throw new Error("no return");
  return row.updatedAt;
}

async function eventsOf(returnId: string) {
  return demo.db.select().from(events).where(eq(events.subjectId, returnId)).orderBy(asc(events.seq));
}

async function insertWebhook(storeId: string, overrides: Partial<typeof webhooks.$inferInsert> = {}) {
  const [row] = await demo.db
    .insert(webhooks)
    .values({
      id: newId("webhook"),
      storeId,
      url: "https://hooks.example.com/returns",
      topic: "return",
      signingSecret: "whsec_test",
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("no webhook");
  return row;
}

describe("setReturnItemIdentifiers", () => {
  it("stores the identifiers, bumps updatedAt and records one event with one delivery per webhook", async () => {
    const target = await pickReturn(2);
    const [storeA, storeB] = demo.storeIds as [string, string];
    const active = await insertWebhook(storeA, { payload: "thin" });
    const active2 = await insertWebhook(storeA, { externalId: "second" });
    await insertWebhook(storeA, { disabledAt: new Date(), externalId: "disabled" });
    await insertWebhook(storeB, { externalId: "other-store" });
    const before = await updatedAt(target.returnId);
    const [first, second] = target.itemIds as [string, string];

    const result = await setReturnItemIdentifiers(demo.db, {
      ...target,
      items: [
        { id: first, externalIdentifier: "RMA-1 / bin A" },
        { id: second, externalIdentifier: "Ünïcødé ✓ 42" },
      ],
      actor,
    });

    expect(returnResponseSchema.parse({ return: result })).toEqual({ return: result });
    expect(result.items.find((i) => i.id === first)?.externalIdentifier).toBe("RMA-1 / bin A");
    expect(result.items.find((i) => i.id === second)?.externalIdentifier).toBe("Ünïcødé ✓ 42");
    const stored = await identifiers(target.returnId);
    expect(stored.get(first)).toBe("RMA-1 / bin A");
    expect(stored.get(second)).toBe("Ünïcødé ✓ 42");
    const after = await updatedAt(target.returnId);
    expect(after.getTime()).toBeGreaterThan(before.getTime());
    expect(result.updatedAt).toBe(after.toISOString());
    // What a later read shows is what the operation answered.
    expect((await getReturn(demo.db, { returnId: target.returnId, storeIds: demo.storeIds })).return).toEqual(
      result,
    );

    const recorded = await eventsOf(target.returnId);
    expect(recorded).toHaveLength(1);
    const event = recorded[0] as (typeof recorded)[number];
    expect(event).toMatchObject({
      storeId: storeA,
      topic: "return",
      type: "updated",
      subjectId: target.returnId,
    });
    expect(event.id).toMatch(/^evt_/);
    const payload = returnEventSchema.parse(event.payload);
    expect(payload).toEqual(event.payload);
    expect(payload).toMatchObject({
      id: event.id,
      type: "updated",
      merchantName: expect.any(String),
      return: result,
    });
    expect(payload).not.toHaveProperty("topic");
    expect(payload.order.id).toBe(result.order.id);
    expect(thinEventPayload(event)).toEqual({
      id: event.id,
      type: "updated",
      topic: "return",
      at: payload.at,
      subject: { id: target.returnId },
    });

    const deliveries = await demo.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventId, event.id));
    expect(deliveries.map((d) => d.webhookId).sort()).toEqual([active.id, active2.id].sort());
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({
        storeId: storeA,
        subjectId: target.returnId,
        eventSeq: event.seq,
        status: "pending",
        trigger: "event",
        attemptCount: 0,
      });
      expect(delivery.id).toMatch(/^dlv_/);
      expect(delivery.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it("clears an identifier with the empty string (stored as null, omitted in the response)", async () => {
    const target = await pickReturn(1);
    const id = target.itemIds[0] as string;
    await setReturnItemIdentifiers(demo.db, {
      ...target,
      items: [{ id, externalIdentifier: "X-1" }],
      actor,
    });
    const result = await setReturnItemIdentifiers(demo.db, {
      ...target,
      items: [{ id, externalIdentifier: "" }],
      actor,
    });
    expect((await identifiers(target.returnId)).get(id)).toBeNull();
    const item = result.items.find((i) => i.id === id);
    expect(item).toBeDefined();
    expect(item && "externalIdentifier" in item).toBe(false);
    expect(await eventsOf(target.returnId)).toHaveLength(2);
  });

  it("rejects unknown ids naming every one of them, and applies nothing", async () => {
    const target = await pickReturn(2);
    const [first, second] = target.itemIds as [string, string];
    const before = await identifiers(target.returnId);
    const beforeAt = await updatedAt(target.returnId);
    const unknownA = newId("returnItem");
    const error = await setReturnItemIdentifiers(demo.db, {
      ...target,
      items: [
        { id: first, externalIdentifier: "A" },
        { id: unknownA, externalIdentifier: "B" },
        { id: second, externalIdentifier: "C" },
        { id: "not-even-an-id", externalIdentifier: "D" },
      ],
      actor,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ItemNotFoundError);
    expect(error).toMatchObject({
      status: 400,
      code: "return/item-not-found",
      itemIds: [unknownA, "not-even-an-id"],
      errors: [
        { path: "items.1.id", message: expect.stringContaining(unknownA) },
        { path: "items.3.id", message: expect.stringContaining("not-even-an-id") },
      ],
    });
    expect(await identifiers(target.returnId)).toEqual(before);
    expect(await updatedAt(target.returnId)).toEqual(beforeAt);
    expect(await eventsOf(target.returnId)).toHaveLength(0);
  });

  it("treats an item of another return as unknown", async () => {
    const target = await pickReturn(1);
    const other = await pickReturn(1);
    const foreign = other.itemIds[0] as string;
    await expect(
      setReturnItemIdentifiers(demo.db, {
        ...target,
        items: [
          { id: target.itemIds[0] as string, externalIdentifier: "ok" },
          { id: foreign, externalIdentifier: "nope" },
        ],
        actor,
      }),
    ).rejects.toMatchObject({ code: "return/item-not-found", itemIds: [foreign] });
    expect((await identifiers(other.returnId)).get(foreign)).not.toBe("nope");
    expect((await identifiers(target.returnId)).get(target.itemIds[0] as string)).not.toBe("ok");
  });

  it("changes nothing, records no event and keeps updatedAt when the values are already set", async () => {
    const target = await pickReturn(2);
    const [first, second] = target.itemIds as [string, string];
    await setReturnItemIdentifiers(demo.db, {
      ...target,
      items: [
        { id: first, externalIdentifier: "SAME" },
        { id: second, externalIdentifier: "" },
      ],
      actor,
    });
    const eventsBefore = await eventsOf(target.returnId);
    const at = await updatedAt(target.returnId);
    const current = await getReturn(demo.db, { returnId: target.returnId, storeIds: demo.storeIds });
    const result = await setReturnItemIdentifiers(demo.db, {
      ...target,
      items: [
        { id: second, externalIdentifier: "" },
        { id: first, externalIdentifier: "SAME" },
      ],
      actor,
    });
    expect(result).toEqual(current.return);
    expect(await updatedAt(target.returnId)).toEqual(at);
    expect(await eventsOf(target.returnId)).toEqual(eventsBefore);
  });

  it("leaves neither the change nor its event when the surrounding transaction rolls back", async () => {
    const target = await pickReturn(1);
    const id = target.itemIds[0] as string;
    const before = await identifiers(target.returnId);
    const beforeAt = await updatedAt(target.returnId);
    const [{ n: deliveriesBefore } = { n: -1 }] = (
      await demo.db.execute<{ n: number }>(sql`select count(*)::int as n from webhook_deliveries`)
    ).rows;
    await expect(
      demo.db.transaction(async (tx) => {
        const result = await setReturnItemIdentifiers(tx, {
          ...target,
          items: [{ id, externalIdentifier: "ROLLED-BACK" }],
          actor,
        });
        expect(result.items[0]?.externalIdentifier).toBe("ROLLED-BACK");
        // Inside the transaction the event exists...
        expect(await tx.select().from(events).where(eq(events.subjectId, target.returnId))).toHaveLength(1);
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    // ...and after the rollback neither it nor the change does.
    expect(await identifiers(target.returnId)).toEqual(before);
    expect(await updatedAt(target.returnId)).toEqual(beforeAt);
    expect(await eventsOf(target.returnId)).toHaveLength(0);
    const [{ n: deliveriesAfter } = { n: -2 }] = (
      await demo.db.execute<{ n: number }>(sql`select count(*)::int as n from webhook_deliveries`)
    ).rows;
    expect(deliveriesAfter).toBe(deliveriesBefore);
  });

  it("answers NotFound for a return of another store or a malformed id, writing nothing", async () => {
    const target = await pickReturn(1);
    const items = [{ id: target.itemIds[0] as string, externalIdentifier: "X" }];
    await expect(
      setReturnItemIdentifiers(demo.db, { ...target, storeId: demo.storeIds[1] as string, items, actor }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      setReturnItemIdentifiers(demo.db, { ...target, returnId: "ret_nope", items, actor }),
    ).rejects.toMatchObject({ status: 404, code: "return/not-found" });
    expect(await eventsOf(target.returnId)).toHaveLength(0);
    expect((await identifiers(target.returnId)).get(target.itemIds[0] as string)).not.toBe("X");
  });

  it("applies a full batch of changes in one go", async () => {
    const target = await pickReturn(3);
    const items = target.itemIds.map((id, i) => ({ id, externalIdentifier: `BATCH-${i}` }));
    const result = await setReturnItemIdentifiers(demo.db, { ...target, items, actor });
    expect(result.items.map((i) => i.externalIdentifier)).toEqual(items.map((i) => i.externalIdentifier));
    const rows = await demo.db
      .select({ id: returnItems.id, value: returnItems.externalIdentifier })
      .from(returnItems)
      .where(and(eq(returnItems.returnId, target.returnId), inArray(returnItems.id, target.itemIds)));
    expect(rows.every((r) => r.value?.startsWith("BATCH-"))).toBe(true);
    expect(await eventsOf(target.returnId)).toHaveLength(1);
  });
});
