import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RETURN_STATUSES } from "../enums";
import { type Database, wrapPglite } from "./client";
import { migrateDatabase } from "./migrate";

const MIGRATIONS = path.join(process.cwd(), "lib/db/migrations");

/** A copy of the migrations folder that stops before `tag`, to build a database as an older release left it. */
function migrationsFolderBefore(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "backroom-migrations-"));
  fs.mkdirSync(path.join(folder, "meta"));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const stop = journal.entries.findIndex((entry) => entry.tag === tag);
  if (stop < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, stop);
  fs.writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify(journal));
  for (const entry of journal.entries) {
    fs.copyFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  return folder;
}

/** Migrates `database` up to (not including) `tag`, as a release that stopped there would have left it. */
async function migrateUpTo(database: Database, tag: string): Promise<void> {
  const folder = migrationsFolderBefore(tag);
  try {
    await migrateDatabase(database, folder);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

// initdb costs seconds: it runs once per file, and every database below starts from a copy of its result.
let initialised: Promise<Blob> | undefined;
function emptyDataDir(): Promise<Blob> {
  initialised ??= (async () => {
    const client = new PGlite();
    await client.waitReady;
    const dump = await client.dumpDataDir("none");
    await client.close();
    return dump;
  })();
  return initialised;
}

/** A fresh embedded database migrated up to (not including) `tag`. */
async function databaseBefore(tag: string): Promise<Database> {
  const client = new PGlite({ loadDataDir: await emptyDataDir() });
  await client.waitReady;
  const database = wrapPglite(client);
  await migrateUpTo(database, tag);
  return database;
}

/**
 * Declares the tests `define` of an upgrade: they get a fresh embedded database migrated up to (not
 * including) `tag`, made before them and closed after. Upgrades are checked on the embedded database only:
 * the SQL is the same on PostgreSQL, and each PostgreSQL test database is copied from an already migrated
 * template.
 */
function describeUpgrade(name: string, tag: string, define: (database: () => Database) => void): void {
  describe.skipIf(process.env.BACKROOM_TEST_BACKEND === "postgres")(name, () => {
    let database: Database | undefined;
    beforeAll(async () => {
      database = await databaseBefore(tag);
    }, 120_000);
    afterAll(async () => {
      await database?.close();
    });
    define(() => {
      if (!database) throw new Error("describeUpgrade: used before beforeAll ran");
      return database;
    });
  });
}

/**
 * Writes the store `str_upgrade` and its order `ord_upgrade` as a release before the return-status upgrades
 * had them; returns how to add a return of that order with an id and a status of that release.
 */
async function insertUpgradeOrder(
  database: Database,
): Promise<(id: string, status: string) => Promise<unknown>> {
  const address = JSON.stringify({
    line1: "1 Main St",
    city: "Town",
    state: "CA",
    postalCode: "1",
    country: "US",
  });
  await database.db.execute(sql`insert into stores (id, name) values ('str_upgrade', 'Upgrade')`);
  await database.db.execute(sql`insert into orders (id, store_id, name, customer_given_name, customer_surname, currency)
    values ('ord_upgrade', 'str_upgrade', '#1', 'A', 'B', 'USD')`);
  return (id, status) =>
    database.db.execute(sql`insert into returns (id, store_id, order_id, status, source_email, source_given_name,
      source_surname, source_phone, source_address, destination_address, currency)
      values (${id}, 'str_upgrade', 'ord_upgrade', ${status}::return_status, 'a@b.test', 'A', 'B', '',
      ${address}::jsonb, ${address}::jsonb, 'USD')`);
}

describeUpgrade("upgrading a database", "0008_return_statuses_published", (database) => {
  it("0008 maps every earlier return status onto the published enum and turns flagged into a tag", async () => {
    const before = {
      pre_shipment: "manual_review",
      needs_review: "manual_review",
      open: "open",
      in_transit: "transit",
      delivered: "delivered",
      in_review: "delivered",
      flagged: "delivered",
      complete: "closed",
      rejected: "cancelled",
      deleted: "cancelled",
    } as const;
    const insertReturn = await insertUpgradeOrder(database());
    for (const status of Object.keys(before)) await insertReturn(`ret_${status}`, status);

    await migrateUpTo(database(), "0009_idempotency_keys");

    const { rows } = await database().db.execute<{ id: string; status: string; tags: string[] }>(
      sql`select r.id, r.status::text as status,
        coalesce(array_agg(t.name || '/' || t.source) filter (where t.name is not null), '{}') as tags
        from returns r left join return_tags t on t.return_id = r.id group by r.id`,
    );
    const after = Object.fromEntries(rows.map((row) => [row.id.slice(4), row.status]));
    expect(after).toEqual(before);
    const tagged = rows.filter((row) => row.tags.length > 0).map((row) => [row.id, row.tags]);
    expect(tagged).toEqual([["ret_flagged", ["flagged/staff"]]]);
    const { rows: labels } = await database().db.execute<{ label: string }>(
      sql`select unnest(enum_range(null::return_status))::text as label`,
    );
    expect(labels.map((l) => l.label)).toEqual([
      "manual_review",
      "open",
      "transit",
      "delivered",
      "cancelled",
      "closed",
    ]);
  });
});

describeUpgrade("upgrading to the 10 published statuses", "0026_return_statuses_v2", (database) => {
  it("0026 maps the six old statuses, turns the tag flagged into the status (remembering the one before) and rewrites saved views", async () => {
    const mapping = {
      manual_review: "pre_shipment",
      open: "open",
      transit: "in_transit",
      delivered: "delivered",
      cancelled: "rejected",
      closed: "complete",
    } as const;
    const insertReturn = await insertUpgradeOrder(database());
    for (const status of Object.keys(mapping)) await insertReturn(`ret_${status}`, status);
    await insertReturn("ret_flaggedtransit", "transit");
    await database().db.execute(sql`insert into return_tags (return_id, name, source)
      values ('ret_flaggedtransit', 'flagged', 'staff'), ('ret_flaggedtransit', 'gift', 'staff')`);
    await database().db.execute(sql`insert into staff_users (id, email, name, password_hash)
      values ('usr_upgrade', 'a@b.test', 'A', 'x')`);
    const views = {
      svw_review: ["returns", "status=manual_review&sort=created_at", "status=pre_shipment&sort=created_at"],
      svw_closed: ["returns", "q=boots&status=closed", "q=boots&status=complete"],
      svw_transit: ["returns", "status=transit", "status=in_transit"],
      svw_cancelled: [
        "returns",
        "order=asc&status=cancelled&sort=updated_at",
        "order=asc&status=rejected&sort=updated_at",
      ],
      svw_open: ["returns", "status=open", "status=open"],
      svw_search: ["returns", "q=closed", "q=closed"],
      svw_shipments: ["shipments", "status=IN_TRANSIT", "status=IN_TRANSIT"],
    } as const;
    for (const [id, [list, query]] of Object.entries(views)) {
      await database().db.execute(sql`insert into saved_views (id, store_id, list, name, query, owner_id)
        values (${id}, 'str_upgrade', ${list}::saved_view_list, ${id}, ${query}, 'usr_upgrade')`);
    }

    await migrateDatabase(database(), MIGRATIONS);

    const { rows } = await database().db.execute<{
      id: string;
      status: string;
      before: string | null;
      tags: string[];
    }>(
      sql`select r.id, r.status::text as status, r.status_before_flag::text as before,
        coalesce(array_agg(t.name) filter (where t.name is not null), '{}') as tags
        from returns r left join return_tags t on t.return_id = r.id group by r.id order by r.id`,
    );
    const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
    for (const [old, now] of Object.entries(mapping)) {
      expect(byId[`ret_${old}`]).toEqual({ id: `ret_${old}`, status: now, before: null, tags: [] });
    }
    expect(byId.ret_flaggedtransit).toEqual({
      id: "ret_flaggedtransit",
      status: "flagged",
      before: "in_transit",
      tags: ["gift"],
    });
    const { rows: saved } = await database().db.execute<{ id: string; query: string }>(
      sql`select id, query from saved_views`,
    );
    expect(Object.fromEntries(saved.map((view) => [view.id, view.query]))).toEqual(
      Object.fromEntries(Object.entries(views).map(([id, [, , query]]) => [id, query])),
    );
    const { rows: labels } = await database().db.execute<{ label: string }>(
      sql`select unnest(enum_range(null::return_status))::text as label`,
    );
    expect(labels.map((l) => l.label)).toEqual([...RETURN_STATUSES]);
  });
});

describeUpgrade("upgrading to the inventory ledger", "0010_inventory_ledger", (database) => {
  it("0010 gives existing levels ids and opening balances, and the ledger refuses edits but follows a store's deletion", async () => {
    const stamp = "2026-01-02T03:04:05.678Z";
    await database().db.execute(sql`insert into stores (id, name) values ('str_ledger', 'Ledger')`);
    await database().db.execute(
      sql`insert into locations (id, store_id, name) values ('loc_ledger', 'str_ledger', 'Dock')`,
    );
    await database().db.execute(sql`insert into inventory_items (id, store_id, sku, name, kind) values
      ('ii_stocked', 'str_ledger', 'A-1', 'Stocked', 'PRODUCT'), ('ii_empty', 'str_ledger', 'B-1', 'Empty', 'PRODUCT')`);
    await database().db.execute(sql`insert into inventory_levels (inventory_item_id, store_id, location_id, quantity, updated_at)
      values ('ii_stocked', 'str_ledger', 'loc_ledger', 17, ${stamp}), ('ii_empty', 'str_ledger', 'loc_ledger', 0, ${stamp})`);

    await migrateDatabase(database(), MIGRATIONS);

    const { rows: levels } = await database().db.execute<{ id: string; created_at: Date }>(
      sql`select id, created_at from inventory_levels order by inventory_item_id`,
    );
    expect(levels.map((l) => l.id)).toEqual([
      expect.stringMatching(/^li_[0-9a-f]{22}$/),
      expect.stringMatching(/^li_/),
    ]);
    expect(new Set(levels.map((l) => l.id)).size).toBe(2);
    expect(levels.map((l) => new Date(l.created_at).toISOString())).toEqual([stamp, stamp]);
    const { rows: movements } = await database().db.execute<Record<string, unknown>>(
      sql`select inventory_item_id, quantity_delta, quantity_after, reason::text, source_type::text, actor_kind::text
        from inventory_movements`,
    );
    expect(movements).toEqual([
      {
        inventory_item_id: "ii_stocked",
        quantity_delta: 17,
        quantity_after: 17,
        reason: "import",
        source_type: "opening_balance",
        actor_kind: "system",
      },
    ]);
    const appendOnly = { cause: expect.objectContaining({ message: expect.stringMatching(/append-only/) }) };
    await expect(database().db.execute(sql`update inventory_movements set note = 'x'`)).rejects.toMatchObject(
      appendOnly,
    );
    await expect(database().db.execute(sql`delete from inventory_movements`)).rejects.toMatchObject(
      appendOnly,
    );
    await database().db.execute(sql`delete from stores where id = 'str_ledger'`);
    const { rows: left } = await database().db.execute(sql`select 1 from inventory_movements`);
    expect(left).toEqual([]);
  });
});

describeUpgrade("upgrading webhooks to the published kind", "0027_webhook_payload", (database) => {
  it("0027 moves the old kind (snapshot, thin) into payload and gives every webhook the published kind redo", async () => {
    await database().db.execute(sql`insert into stores (id, name) values ('str_hooks', 'Hooks')`);
    await database().db.execute(sql`insert into webhooks (id, store_id, url, topic, kind, signing_secret) values
      ('whk_full', 'str_hooks', 'https://example.com/a', 'return', 'snapshot', 'whsec_a'),
      ('whk_thin', 'str_hooks', 'https://example.com/b', 'return', 'thin', 'whsec_b')`);

    await migrateDatabase(database(), MIGRATIONS);

    const { rows } = await database().db.execute<Record<string, unknown>>(
      sql`select id, kind::text, payload::text, extra_event_types::text[] as extra from webhooks order by id`,
    );
    expect(rows).toEqual([
      { id: "whk_full", kind: "redo", payload: "snapshot", extra: [] },
      { id: "whk_thin", kind: "redo", payload: "thin", extra: [] },
    ]);
    await expect(
      database().db.execute(sql`update webhooks set kind = 'thin' where id = 'whk_full'`),
    ).rejects.toThrow();
  });
});

describeUpgrade("upgrading to one shipment per reference", "0031_shipment_reference_unique", (database) => {
  it("0031 keeps a shared reference on the oldest shipment and marks each later one as a duplicate", async () => {
    const db = database().db;
    await db.execute(sql`insert into stores (id, name) values ('str_refs', 'Refs'), ('str_other', 'Other')`);
    await db.execute(sql`insert into locations (id, store_id, name) values
      ('loc_refs', 'str_refs', 'Main'), ('loc_other', 'str_other', 'Main')`);
    const shipment = (id: string, store: string, reference: string | null, createdAt: string) =>
      db.execute(sql`insert into inbound_shipments (id, store_id, location_id, shipment_id, status, currency,
        created_at, updated_at)
        values (${id}, ${store}, ${store === "str_refs" ? "loc_refs" : "loc_other"}, ${reference}, 'PENDING',
        'USD', ${createdAt}, ${createdAt})`);
    await shipment("inb_first", "str_refs", "PO-1", "2026-01-01T00:00:00Z");
    await shipment("inb_second", "str_refs", "PO-1", "2026-01-02T00:00:00Z");
    await shipment("inb_third", "str_refs", "PO-1", "2026-01-03T00:00:00Z");
    await shipment("inb_elsewhere", "str_other", "PO-1", "2026-01-02T00:00:00Z");
    await shipment("inb_none_a", "str_refs", null, "2026-01-02T00:00:00Z");
    await shipment("inb_none_b", "str_refs", null, "2026-01-02T00:00:00Z");

    await migrateDatabase(database(), MIGRATIONS);

    const { rows } = await db.execute<{ id: string; shipment_id: string | null; moved: boolean }>(
      sql`select id, shipment_id, updated_at > created_at as moved from inbound_shipments order by id`,
    );
    expect(rows).toEqual([
      { id: "inb_elsewhere", shipment_id: "PO-1", moved: false },
      { id: "inb_first", shipment_id: "PO-1", moved: false },
      { id: "inb_none_a", shipment_id: null, moved: false },
      { id: "inb_none_b", shipment_id: null, moved: false },
      { id: "inb_second", shipment_id: "PO-1 (duplicate inb_second)", moved: true },
      { id: "inb_third", shipment_id: "PO-1 (duplicate inb_third)", moved: true },
    ]);
    await expect(shipment("inb_fourth", "str_refs", "PO-1", "2026-01-04T00:00:00Z")).rejects.toMatchObject({
      cause: expect.objectContaining({ code: "23505" }),
    });
  });
});
