import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, inventoryItems, inventoryLevels, inventoryMovements, locations } from "../../db/schema";
import { setupDemoTestDatabase } from "../../testing/demo-database";
import { insertLocation } from "../../testing/fixtures";
import { NotFoundError, ValidationError } from "../errors";
import { listInventoryMovements } from "./ledger";
import { getInventoryLevel, listInventoryLevels } from "./levels";
import { applyInventoryMovements, type LevelChange, NegativeLevelError } from "./movements";

const demo = setupDemoTestDatabase();
let otherStoreId: string;
const staff = { userId: "usr_test", name: "Dock Tester" };

beforeAll(() => {
  otherStoreId = demo.storeIds[1] as string;
});

/** Levels whose quantity differs from the sum of their sellable movements (the ledger's invariant: none). */
async function levelsOffTheLedger(): Promise<unknown[]> {
  const { rows } = await demo.db.execute(sql`
    select l.id, l.quantity, coalesce(sum(m.quantity_delta), 0)::int as ledger
    from inventory_levels l
    left join inventory_movements m
      on m.inventory_item_id = l.inventory_item_id and m.location_id = l.location_id
        and m.stock_state = 'sellable'
    group by l.id, l.quantity
    having l.quantity <> coalesce(sum(m.quantity_delta), 0)`);
  return rows;
}

/** A PRODUCT item of the store with stock at a location, and its quantity there. */
async function stockedLevel(store = demo.storeId) {
  const [row] = await demo.db
    .select({
      itemId: inventoryLevels.inventoryItemId,
      locationId: inventoryLevels.locationId,
      quantity: inventoryLevels.quantity,
      sku: inventoryItems.sku,
    })
    .from(inventoryLevels)
    .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryLevels.inventoryItemId))
    .innerJoin(locations, eq(locations.id, inventoryLevels.locationId))
    .where(
      and(
        eq(inventoryLevels.storeId, store),
        eq(inventoryItems.kind, "PRODUCT"),
        sql`${inventoryLevels.quantity} > 5`,
        sql`${locations.archivedAt} is null`,
        sql`(select count(*) from inventory_items o where o.store_id = ${store} and o.kind = 'PRODUCT' and o.sku = ${inventoryItems.sku}) = 1`,
      ),
    )
    .orderBy(sql`random()`)
    .limit(1);
  if (!row) throw new Error("no stocked level");
  return row;
}

async function quantityOf(itemId: string, locationId: string): Promise<number | undefined> {
  const [row] = await demo.db
    .select({ quantity: inventoryLevels.quantity })
    .from(inventoryLevels)
    .where(and(eq(inventoryLevels.inventoryItemId, itemId), eq(inventoryLevels.locationId, locationId)));
  return row?.quantity;
}

describe("the ledger", () => {
  it("opens with one opening balance per stocked level of the demo, so every level equals its movements", async () => {
    expect(await levelsOffTheLedger()).toEqual([]);
    const [opening] = await demo.db
      .select()
      .from(inventoryMovements)
      .where(
        and(
          eq(inventoryMovements.storeId, demo.storeId),
          eq(inventoryMovements.sourceType, "opening_balance"),
        ),
      )
      .limit(1);
    expect(opening).toMatchObject({ reason: "import", actorKind: "system", actorName: "Backroom" });
    expect(opening?.quantityDelta).toBe(opening?.quantityAfter);
  });

  it("adjusts by id and by SKU, sets a count, records who and why, and moves updated_at", async () => {
    const level = await stockedLevel();
    const [before] = await demo.db
      .select({ updatedAt: inventoryItems.updatedAt })
      .from(inventoryItems)
      .where(eq(inventoryItems.id, level.itemId));
    const result = await applyInventoryMovements(demo.db, {
      storeId: demo.storeId,
      changes: [
        {
          inventoryItemId: level.itemId,
          locationId: level.locationId,
          adjustBy: -2,
          reason: "damaged",
          note: "Crushed",
        },
        { sku: level.sku as string, locationId: level.locationId, adjustBy: 5, reason: "correction" },
        { inventoryItemId: level.itemId, locationId: level.locationId, setTo: 1, reason: "cycle_count" },
      ],
      source: { type: "adjustment" },
      actor: staff,
      idempotencyKey: "key-1",
    });
    expect(result.movements.map((m) => [m.quantity_delta, m.quantity_after, m.reason])).toEqual([
      [-2, level.quantity - 2, "damaged"],
      [5, level.quantity + 3, "correction"],
      [1 - (level.quantity + 3), 1, "cycle_count"],
    ]);
    expect(result.movements[0]).toMatchObject({
      inventory_item_id: level.itemId,
      sku: level.sku,
      location: { id: level.locationId },
      source: { type: "adjustment", id: null },
      actor: { type: "staff", id: "usr_test", name: "Dock Tester" },
      idempotency_key: "key-1",
      note: "Crushed",
    });
    expect(result.levels).toHaveLength(1);
    expect(result.levels[0]).toMatchObject({ quantity: 1, available: 1, inventory_item_id: level.itemId });
    expect(await quantityOf(level.itemId, level.locationId)).toBe(1);
    const [after] = await demo.db
      .select({ updatedAt: inventoryItems.updatedAt })
      .from(inventoryItems)
      .where(eq(inventoryItems.id, level.itemId));
    expect(after?.updatedAt.getTime()).toBeGreaterThan(before?.updatedAt.getTime() as number);
    expect(await levelsOffTheLedger()).toEqual([]);
  });

  it("creates the level at a location that held none, and records an inventory_item event per item", async () => {
    const level = await stockedLevel();
    const dock = await insertLocation(demo.db, demo.storeId, { name: `Dock ${Math.random()}` });
    const eventsBefore = await demo.db.$count(events, eq(events.subjectId, level.itemId));
    const result = await applyInventoryMovements(demo.db, {
      storeId: demo.storeId,
      changes: [
        { inventoryItemId: level.itemId, locationId: dock.id, adjustBy: 4, reason: "received" },
        { inventoryItemId: level.itemId, locationId: level.locationId, adjustBy: 2, reason: "received" },
        { inventoryItemId: level.itemId, locationId: dock.id, adjustBy: 1, reason: "received" },
      ],
      source: { type: "adjustment" },
      actor: { apiKeyId: "key_x", name: "ERP" },
    });
    expect(result.levels).toEqual([
      expect.objectContaining({ quantity: 5, location: { id: dock.id, name: dock.name } }),
      expect.objectContaining({ quantity: level.quantity + 2 }),
    ]);
    // Additions are written in place, one statement for all levels: each movement still sees the one before.
    expect(result.movements.map((m) => [m.location.id, m.quantity_delta, m.quantity_after])).toEqual([
      [dock.id, 4, 4],
      [level.locationId, 2, level.quantity + 2],
      [dock.id, 1, 5],
    ]);
    expect(await levelsOffTheLedger()).toEqual([]);
    expect(result.movements[0]?.actor).toEqual({ type: "api_secret", id: "key_x", name: "ERP" });
    const recorded = await demo.db
      .select()
      .from(events)
      .where(and(eq(events.subjectId, level.itemId), eq(events.topic, "inventory_item")));
    expect(recorded).toHaveLength(eventsBefore + 1);
    const payload = recorded.at(-1)?.payload as {
      inventory_item: { id: string; locations: { location_id: string; quantity: number }[] };
    };
    expect(payload.inventory_item.id).toBe(level.itemId);
    expect(payload.inventory_item.locations).toContainEqual(
      expect.objectContaining({ location_id: dock.id, quantity: 5 }),
    );
  });

  it("refuses a change below zero with 409 naming the row, and writes nothing", async () => {
    const level = await stockedLevel();
    const count = await demo.db.$count(inventoryMovements);
    const attempt = applyInventoryMovements(demo.db, {
      storeId: demo.storeId,
      changes: [
        { inventoryItemId: level.itemId, locationId: level.locationId, adjustBy: 1, reason: "correction" },
        {
          inventoryItemId: level.itemId,
          locationId: level.locationId,
          adjustBy: -(level.quantity + 5),
          reason: "damaged",
        },
      ],
      source: { type: "adjustment" },
      actor: staff,
    });
    await expect(attempt).rejects.toBeInstanceOf(NegativeLevelError);
    await expect(attempt).rejects.toMatchObject({ errors: [{ path: "movements.1.adjust_by" }] });
    expect(await quantityOf(level.itemId, level.locationId)).toBe(level.quantity);
    expect(await demo.db.$count(inventoryMovements)).toBe(count);
  });

  it("names every unknown item, SKU, foreign item and archived location at once", async () => {
    const foreign = await stockedLevel(otherStoreId);
    const level = await stockedLevel();
    const archived = await insertLocation(demo.db, demo.storeId, { name: `Old ${Math.random()}` });
    await demo.db.update(locations).set({ archivedAt: new Date() }).where(eq(locations.id, archived.id));
    const changes: LevelChange[] = [
      { inventoryItemId: foreign.itemId, locationId: level.locationId, adjustBy: 1, reason: "correction" },
      { sku: "NO-SUCH-SKU", locationId: level.locationId, adjustBy: 1, reason: "correction" },
      { inventoryItemId: level.itemId, locationId: foreign.locationId, adjustBy: 1, reason: "correction" },
      { inventoryItemId: level.itemId, locationId: archived.id, adjustBy: 1, reason: "correction" },
    ];
    const attempt = applyInventoryMovements(demo.db, {
      storeId: demo.storeId,
      changes,
      source: { type: "adjustment" },
      actor: staff,
    });
    await expect(attempt).rejects.toBeInstanceOf(ValidationError);
    const error = (await attempt.catch((e: unknown) => e)) as ValidationError;
    expect(error.errors.map((e) => e.path)).toEqual([
      "movements.0.inventory_item_id",
      "movements.1.sku",
      "movements.2.location_id",
      "movements.3.location_id",
    ]);
    expect(error.errors[3]?.message).toMatch(/archived/);
  });

  it("never loses a unit under concurrent adjustments of one level", async () => {
    const level = await stockedLevel();
    await Promise.all(
      Array.from({ length: 20 }, () =>
        applyInventoryMovements(demo.db, {
          storeId: demo.storeId,
          changes: [
            { inventoryItemId: level.itemId, locationId: level.locationId, adjustBy: 1, reason: "received" },
          ],
          source: { type: "adjustment" },
          actor: staff,
        }),
      ),
    );
    expect(await quantityOf(level.itemId, level.locationId)).toBe(level.quantity + 20);
    const { rows } = await demo.db.execute<{ after: number }>(sql`
      select quantity_after as after from inventory_movements
      where inventory_item_id = ${level.itemId} and location_id = ${level.locationId} and reason = 'received'
      order by quantity_after`);
    // Each movement saw the one before it: the afters are the twenty consecutive values.
    expect(rows.slice(-20).map((r) => Number(r.after))).toEqual(
      Array.from({ length: 20 }, (_, i) => level.quantity + i + 1),
    );
    expect(await levelsOffTheLedger()).toEqual([]);
  });

  it("keeps level = sum of movements over 200 random changes (property)", async () => {
    const levels = await Promise.all(Array.from({ length: 5 }, () => stockedLevel()));
    for (let i = 0; i < 200; i++) {
      const level = levels[i % levels.length] as (typeof levels)[number];
      const change: LevelChange =
        i % 7 === 0
          ? {
              inventoryItemId: level.itemId,
              locationId: level.locationId,
              setTo: Math.floor(Math.random() * 50),
              reason: "cycle_count",
            }
          : {
              inventoryItemId: level.itemId,
              locationId: level.locationId,
              adjustBy: Math.floor(Math.random() * 21) - 10 || 1,
              reason: "correction",
            };
      await applyInventoryMovements(demo.db, {
        storeId: demo.storeId,
        changes: [change],
        source: { type: "adjustment" },
        actor: staff,
      }).catch((error: unknown) => {
        if (!(error instanceof NegativeLevelError)) throw error;
      });
    }
    expect(await levelsOffTheLedger()).toEqual([]);
  });

  it("is append-only: UPDATE and DELETE of a movement are refused by the demo.database", async () => {
    const [movement] = await demo.db.select({ id: inventoryMovements.id }).from(inventoryMovements).limit(1);
    const id = movement?.id as string;
    await expect(
      demo.db.update(inventoryMovements).set({ note: "rewritten" }).where(eq(inventoryMovements.id, id)),
    ).rejects.toThrow();
    await expect(demo.db.delete(inventoryMovements).where(eq(inventoryMovements.id, id))).rejects.toThrow();
    expect(await demo.db.$count(inventoryMovements, eq(inventoryMovements.id, id))).toBe(1);
  });
});

describe("reading levels and movements", () => {
  it("pages levels newest first with the real service's filters, and gets one", async () => {
    const level = await stockedLevel();
    const all: string[] = [];
    let after: { updatedAt: Date; id: string } | undefined;
    for (;;) {
      const page = await listInventoryLevels(demo.db, {
        storeId: demo.storeId,
        locationId: level.locationId,
        limit: 50,
        after,
      });
      all.push(...page.levels.map((l) => l.id));
      for (const l of page.levels) expect(l.location.id).toBe(level.locationId);
      if (!page.next) break;
      after = page.next;
    }
    const expected = await demo.db.$count(
      inventoryLevels,
      and(eq(inventoryLevels.storeId, demo.storeId), eq(inventoryLevels.locationId, level.locationId)),
    );
    expect(all).toHaveLength(expected);
    expect(new Set(all).size).toBe(expected);

    const bySku = await listInventoryLevels(demo.db, {
      storeId: demo.storeId,
      sku: level.sku as string,
      limit: 100,
    });
    expect(bySku.levels.length).toBeGreaterThan(0);
    for (const l of bySku.levels) expect(l.product.sku).toBe(level.sku);
    const productId = bySku.levels[0]?.product.id as string;
    expect(productId).toMatch(/^prd_/);
    const byProduct = await listInventoryLevels(demo.db, { storeId: demo.storeId, productId, limit: 100 });
    expect(byProduct.levels.map((l) => l.id)).toEqual(expect.arrayContaining(bySku.levels.map((l) => l.id)));

    const one = bySku.levels[0];
    const detail = await getInventoryLevel(demo.db, {
      storeId: demo.storeId,
      inventoryLevelId: one?.id as string,
    });
    expect(detail).toMatchObject({ ...one, external_ids: null });
    await expect(
      getInventoryLevel(demo.db, { storeId: otherStoreId, inventoryLevelId: one?.id as string }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it("lists an item's movements newest first and filters by reason", async () => {
    const level = await stockedLevel();
    await applyInventoryMovements(demo.db, {
      storeId: demo.storeId,
      changes: [
        { inventoryItemId: level.itemId, locationId: level.locationId, adjustBy: 3, reason: "returned" },
        { inventoryItemId: level.itemId, locationId: level.locationId, adjustBy: -1, reason: "damaged" },
      ],
      source: { type: "adjustment" },
      actor: staff,
    });
    const page = await listInventoryMovements(demo.db, {
      storeId: demo.storeId,
      inventoryItemId: level.itemId,
      limit: 2,
    });
    expect(page.movements.map((m) => m.reason)).toEqual(["damaged", "returned"]);
    expect(page.next).toBeDefined();
    const damaged = await listInventoryMovements(demo.db, {
      storeId: demo.storeId,
      inventoryItemId: level.itemId,
      reason: "damaged",
      limit: 10,
    });
    expect(damaged.movements.every((m) => m.reason === "damaged")).toBe(true);
    const foreign = await listInventoryMovements(demo.db, {
      storeId: otherStoreId,
      inventoryItemId: level.itemId,
      limit: 10,
    });
    expect(foreign.movements).toEqual([]);
  });
});
