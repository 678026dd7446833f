import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { returns } from "../../db/schema";
import type { ReturnStatus } from "../../enums";
import { newId } from "../../ids";
import { getReturnResponseSchema, listReturnsResponseSchema } from "../../schemas/returns";
import { setupDemoTestDatabase } from "../../testing/demo-database";
import { NotFoundError } from "../errors";
import { findReturnStore, getReturn } from "./get";
import { listReturns, type ReturnCursor } from "./list";
import { loadReturnViews } from "./serialize";

const demo = setupDemoTestDatabase();

type Row = { id: string; store_id: string; status: ReturnStatus; updated_at: string };

async function allReturns(): Promise<Row[]> {
  const { rows } = await demo.db.execute<Row>(
    sql`select id, store_id, status, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at
        from returns order by updated_at desc, id desc`,
  );
  return rows;
}

/** The fields the package publishes as nullable: null there means "not set"; every other field is omitted. */
const NULLABLE_PATH =
  /(\.items\.\d+\.(fulfillmentLocationId|grade|outcome|upc)|\.protection\.(labelPayer|labelPayerReason))$/;

/** Paths of null values outside the published nullable fields, and of keys set to undefined. */
function nullsAndUndefineds(value: unknown, path = ""): string[] {
  if (value === undefined) return [`${path} (undefined)`];
  if (value === null) return NULLABLE_PATH.test(path) ? [] : [`${path} (null)`];
  if (Array.isArray(value)) return value.flatMap((v, i) => nullsAndUndefineds(v, `${path}.${i}`));
  if (typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => nullsAndUndefineds(v, `${path}.${k}`));
  }
  return [];
}

/** Every Money amount in the object (objects with amount + currency strings). */
function amounts(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(amounts);
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const own =
      typeof record.amount === "string" && typeof record.currency === "string" ? [record.amount] : [];
    return [...own, ...Object.values(record).flatMap(amounts)];
  }
  return [];
}

describe("getReturn", () => {
  it("serializes every demo return to exactly the published shape", async () => {
    const rows = await allReturns();
    expect(rows.length).toBeGreaterThan(400);
    const { rows: counts } = await demo.db.execute<{ return_id: string; n: number }>(
      sql`select return_id, count(*)::int as n from return_comments group by return_id`,
    );
    const commentCounts = new Map(counts.map((c) => [c.return_id, c.n]));
    let withExchange = 0;
    let withShipment = 0;
    for (const row of rows) {
      const view = await getReturn(demo.db, { returnId: row.id, storeIds: demo.storeIds });
      const body = { order: view.order, return: view.return };
      // parse() strips unknown keys: equality proves there are none, and every field has its published type.
      expect(getReturnResponseSchema.parse(body)).toEqual(body);
      expect(nullsAndUndefineds(body)).toEqual([]);
      for (const amount of amounts(body)) expect(amount).toMatch(/^-?\d+\.\d{2}$/);
      expect(view.storeId).toBe(row.store_id);
      expect(view.return.id).toBe(row.id);
      expect(view.return.updatedAt).toBe(row.updated_at);
      expect(view.return.order.id).toBe(view.order.id);
      expect(view.return.shipment).toEqual(view.return.shipments[0]);
      expect(view.return.notes).toHaveLength(commentCounts.get(row.id) ?? 0);
      for (const item of view.return.items) {
        expect(view.order.items.map((i) => i.id)).toContain(item.orderItem.id);
      }
      if (view.return.exchange) withExchange++;
      if (view.return.shipment) withShipment++;
    }
    // The demo covers the optional parts, so the loop above checked them too.
    expect(withExchange).toBeGreaterThan(0);
    expect(withShipment).toBeGreaterThan(0);
  }, 120_000);

  it("loads a batch in one call with the same result as one by one", async () => {
    const ids = (await allReturns()).slice(0, 40).map((r) => r.id);
    const batch = await loadReturnViews(demo.db, ids);
    expect(batch.map((v) => v.return.id)).toEqual(ids);
    for (const view of batch.slice(0, 5)) {
      expect(await getReturn(demo.db, { returnId: view.return.id, storeIds: demo.storeIds })).toEqual(view);
    }
  });

  it("answers NotFound for another store's return, an unknown id and a malformed id", async () => {
    const [first] = await allReturns();
    if (!first) throw new Error("no returns");
    const other = demo.storeIds.filter((id) => id !== first.store_id);
    expect(other.length).toBeGreaterThan(0);
    await expect(getReturn(demo.db, { returnId: first.id, storeIds: other })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(findReturnStore(demo.db, { returnId: first.id, storeIds: other })).rejects.toMatchObject({
      status: 404,
      code: "return/not-found",
    });
    await expect(getReturn(demo.db, { returnId: first.id, storeIds: [] })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    for (const returnId of [newId("return"), "ret_short", "../../etc/passwd", "", first.id.toUpperCase()]) {
      await expect(getReturn(demo.db, { returnId, storeIds: demo.storeIds })).rejects.toMatchObject({
        status: 404,
        code: "return/not-found",
      });
      await expect(findReturnStore(demo.db, { returnId, storeIds: demo.storeIds })).rejects.toBeInstanceOf(
        NotFoundError,
      );
    }
    expect(await findReturnStore(demo.db, { returnId: first.id, storeIds: demo.storeIds })).toBe(
      first.store_id,
    );
  });
});

describe("listReturns", () => {
  type Filters = Omit<Parameters<typeof listReturns>[1], "limit" | "after">;

  /** Walks every page and checks each one; returns the ids in the order served. */
  async function walk(filters: Filters, limit: number): Promise<string[]> {
    const ids: string[] = [];
    let after: ReturnCursor | undefined;
    for (let page = 0; page < 1000; page++) {
      const result = await listReturns(demo.db, { ...filters, limit, after });
      expect(listReturnsResponseSchema.parse({ orders: result.orders, returns: result.returns })).toEqual({
        orders: result.orders,
        returns: result.returns,
      });
      expect(result.returns.length).toBeLessThanOrEqual(limit);
      // Orders: exactly the orders of the page's returns, each once.
      const orderIds = result.orders.map((o) => o.id);
      expect(new Set(orderIds).size).toBe(orderIds.length);
      expect(new Set(orderIds)).toEqual(new Set(result.returns.map((r) => r.order.id)));
      ids.push(...result.returns.map((r) => r.id));
      if (!result.next) return ids;
      expect(result.returns).toHaveLength(limit);
      expect(result.next.id).toBe(result.returns.at(-1)?.id);
      after = result.next;
    }
    throw new Error("too many pages");
  }

  function expected(rows: Row[], storeId: string, keep: (row: Row) => boolean = () => true): string[] {
    return rows.filter((row) => row.store_id === storeId && keep(row)).map((row) => row.id);
  }

  it("walks all of a store's returns with a small page size, in order, without duplicates", async () => {
    const rows = await allReturns();
    const storeId = demo.storeIds[0] as string;
    const ids = await walk({ storeId }, 17);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expected(rows, storeId));
  }, 60_000);

  it("breaks ties on updated_at by id, across page boundaries", async () => {
    const storeId = demo.storeIds[1] as string;
    const tie = new Date("2020-01-01T00:00:00.000Z");
    await demo.db.execute(sql`
      update returns set updated_at = ${tie.toISOString()}::timestamptz
      where id in (select id from returns where store_id = ${storeId} order by id limit 7)`);
    const rows = await allReturns();
    const ids = await walk({ storeId, updatedAtMax: new Date("2020-01-02T00:00:00Z") }, 2);
    expect(ids).toHaveLength(7);
    expect(ids).toEqual([...ids].sort().reverse());
    expect(ids).toEqual(expected(rows, storeId, (r) => r.updated_at < "2020-01-02"));
  });

  it("filters by status", async () => {
    const rows = await allReturns();
    const storeId = demo.storeIds[0] as string;
    for (const status of ["open", "complete", "rejected"] as const) {
      const want = expected(rows, storeId, (r) => r.status === status);
      expect(want.length).toBeGreaterThan(0);
      expect(await walk({ storeId, status }, 25)).toEqual(want);
    }
  });

  it("filters by updated time, min inclusive and max exclusive", async () => {
    const rows = await allReturns();
    const storeId = demo.storeIds[0] as string;
    const mine = rows.filter((r) => r.store_id === storeId);
    const max = mine[10] as Row;
    const min = mine[40] as Row;
    const ids = await walk(
      { storeId, updatedAtMin: new Date(min.updated_at), updatedAtMax: new Date(max.updated_at) },
      9,
    );
    expect(ids).toEqual(
      expected(rows, storeId, (r) => r.updated_at >= min.updated_at && r.updated_at < max.updated_at),
    );
    expect(ids).toContain(min.id);
    expect(ids).not.toContain(max.id);
    expect(await walk({ storeId, status: "open", updatedAtMin: new Date(min.updated_at) }, 50)).toEqual(
      expected(rows, storeId, (r) => r.status === "open" && r.updated_at >= min.updated_at),
    );
  });

  it("searches the order name, the customer's e-mail and name, in any case", async () => {
    const storeId = demo.storeIds[0] as string;
    const { rows } = await demo.db.execute<{
      id: string;
      order_name: string;
      email: string;
      given: string;
      surname: string;
    }>(sql`
      select r.id, o.name as order_name, r.source_email as email, r.source_given_name as given,
        r.source_surname as surname
      from returns r join orders o on o.id = r.order_id
      where r.store_id = ${storeId} order by r.updated_at desc, r.id desc limit 1`);
    const sample = rows[0];
    if (!sample) throw new Error("no return");

    const byOrder = await walk({ storeId, q: sample.order_name }, 50);
    expect(byOrder).toContain(sample.id);
    const { rows: sameOrder } = await demo.db.execute<{ id: string }>(sql`
      select r.id from returns r join orders o on o.id = r.order_id
      where r.store_id = ${storeId} and o.name like ${`%${sample.order_name}%`}
      order by r.updated_at desc, r.id desc`);
    expect(byOrder).toEqual(sameOrder.map((r) => r.id));

    const local = sample.email.split("@")[0] as string;
    expect(await walk({ storeId, q: local.toUpperCase() }, 50)).toContain(sample.id);
    expect(await walk({ storeId, q: `  ${sample.surname.toLowerCase()} ` }, 50)).toContain(sample.id);
    const fullName = await walk({ storeId, q: `${sample.given} ${sample.surname}` }, 50);
    expect(fullName).toContain(sample.id);
    // Every hit really matches.
    const views = await loadReturnViews(demo.db, fullName);
    for (const view of views) {
      const name = `${view.return.source.name.given} ${view.return.source.name.surname}`.toLowerCase();
      expect(name).toContain(`${sample.given} ${sample.surname}`.toLowerCase());
    }
    // LIKE wildcards match literally; the other store's returns never appear.
    expect(await walk({ storeId, q: "%" }, 50)).toEqual([]);
    expect(await walk({ storeId, q: "_" }, 50)).toEqual([]);
    expect(await walk({ storeId: demo.storeIds[1] as string, q: sample.email }, 50)).not.toContain(sample.id);
  });

  it("returns one empty page for a store without returns, and rejects a bad page size", async () => {
    expect(await listReturns(demo.db, { storeId: newId("store"), limit: 20 })).toEqual({
      returns: [],
      orders: [],
    });
    for (const limit of [0, 501, 2.5]) {
      await expect(
        listReturns(demo.db, { storeId: demo.storeIds[0] as string, limit }),
      ).rejects.toMatchObject({ status: 400, errors: [{ path: "limit" }] });
    }
  });

  it("is scoped to the store: the two stores' walks partition all returns", async () => {
    const rows = await allReturns();
    const first = await walk({ storeId: demo.storeIds[0] as string }, 100);
    const second = await walk({ storeId: demo.storeIds[1] as string }, 100);
    expect(first.length + second.length).toBe(rows.length);
    expect(new Set([...first, ...second]).size).toBe(rows.length);
    const [one] = await demo.db.select({ id: returns.id }).from(returns).limit(1);
    expect(one).toBeDefined();
  });
});
