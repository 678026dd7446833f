import { performance } from "node:perf_hooks";
import { and, eq, inArray, sql } from "drizzle-orm";
import { closeDatabase, type Db, getDatabase } from "../lib/db";
import { alertRules, savedViews, staffUsers } from "../lib/db/schema";
import { updateAlertSettings } from "../lib/domain/alerts/built-in-settings";
import { evaluateDueAlerts } from "../lib/domain/alerts/evaluate";
import { createAlertRule } from "../lib/domain/alerts/rules";
import { countViewRows, viewRows } from "../lib/domain/alerts/view-rows";
import { createSavedView } from "../lib/domain/saved-views";
import { createStaffUser } from "../lib/domain/staff";
import { INBOUND_SHIPMENT_STATUSES, RETURN_STATUSES, type SavedViewList } from "../lib/enums";
import { type BenchStore, benchStore, percentile } from "./bench/timing";

/**
 * `npm run bench:alerts`: what one pass of the alert evaluation (the notification watch, every 15 s) costs
 * with BENCH_ALERTS saved-view alerts (1,000) on big stores, plus the three built-ins. Makes a member and
 * BENCH_VIEWS (200) distinct saved views of the filters people save on the store with the most shipments and
 * on the one with the most returns, the alerts spread over them; three in four are thresholds, one in four
 * new-rows alerts on views of at most 2,000 rows (people watch "needs review" for new rows, not the whole
 * list). Then times BENCH_PASSES passes of
 * `evaluateDueAlerts` without its time budget, each 15 s after the previous as the worker runs them: first on
 * quiet stores (nothing written since the last pass), then with a write in each store before each pass.
 * Needs DATABASE_URL (PostgreSQL), e.g. a database after `npm run seed -- --returns 40000` then
 * `npm run seed -- --shipments 200000`. Removes what it made at the end.
 */

const ALERTS = Number(process.env.BENCH_ALERTS ?? 1000);
const PASSES = Number(process.env.BENCH_PASSES ?? 5);

const VIEW_COUNT = Number(process.env.BENCH_VIEWS ?? 200);
/** A view narrow enough to watch for new rows (its ids are kept). */
const NARROW_ROWS = 2_000;

/**
 * BENCH_VIEWS distinct views per store, the filters people save: statuses, a location, late or arriving in N
 * days, and one in ten a search (a part of a code, or a customer's name: the list's slowest filter).
 */
async function viewQueries(db: Db, storeId: string, list: SavedViewList): Promise<string[]> {
  const queries = new Set<string>([""]);
  if (list === "shipments") {
    const { rows: places } = await db.execute<{ id: string }>(
      sql`select id from locations where store_id = ${storeId} order by id limit 6`,
    );
    const { rows: codes } = await db.execute<{ code: string }>(
      sql`select substr(tracking_number, 1, 5) as code from inbound_shipments where store_id = ${storeId}
        and tracking_number is not null order by id limit ${Math.ceil(VIEW_COUNT / 10)}`,
    );
    for (const code of codes) queries.add(`q=${code.code}`);
    for (const status of INBOUND_SHIPMENT_STATUSES) {
      queries.add(`status=${status}`);
      for (const place of places) queries.add(`status=${status}&location=${place.id}`);
    }
    for (const place of places) queries.add(`late=true&location=${place.id}`);
    for (let days = 0; queries.size < VIEW_COUNT && days <= 365; days++) queries.add(`arriving=${days}`);
  } else {
    const { rows: names } = await db.execute<{ name: string }>(
      sql`select distinct source_surname as name from returns where store_id = ${storeId} and source_surname <> ''
        limit ${Math.ceil(VIEW_COUNT / 10)}`,
    );
    for (const name of names) queries.add(`q=${encodeURIComponent(name.name)}`);
    for (const status of RETURN_STATUSES) {
      queries.add(`status=${status}`);
      for (const order of ["sort=created_at", "order=asc"]) queries.add(`status=${status}&${order}`);
    }
    for (const name of names)
      for (const status of RETURN_STATUSES)
        queries.add(`q=${encodeURIComponent(name.name)}&status=${status}`);
  }
  return [...queries].slice(0, VIEW_COUNT);
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  if (!process.env.DATABASE_URL) throw new Error("Set DATABASE_URL to a PostgreSQL database.");
  const { db } = await getDatabase();
  const shipmentsStore = await benchStore(db, "shipments");
  const returnsStore = await benchStore(db, "returns");
  const user = await createStaffUser(db, {
    email: `bench-alerts-${Date.now()}@bench.example`,
    name: "Alert bench",
    password: "bench-alerts-password",
    memberships: [
      { storeId: shipmentsStore.id, role: "editor" },
      ...(returnsStore.id === shipmentsStore.id
        ? []
        : [{ storeId: returnsStore.id, role: "editor" as const }]),
    ],
  });
  try {
    await bench(db, user.id, [
      [shipmentsStore, "shipments"],
      [returnsStore, "returns"],
    ]);
  } finally {
    await db.delete(staffUsers).where(eq(staffUsers.id, user.id));
    for (const store of [shipmentsStore, returnsStore])
      await db
        .delete(alertRules)
        .where(
          and(
            eq(alertRules.storeId, store.id),
            inArray(alertRules.source, ["returns_waiting", "shipments_late", "discrepancies"]),
          ),
        );
  }
}

async function bench(db: Db, userId: string, stores: [BenchStore, SavedViewList][]) {
  const viewIds: { id: string; storeId: string; list: SavedViewList; narrow: boolean; query: string }[] = [];
  for (const [store, list] of stores) {
    console.log(
      `Store ${store.name} (${store.id}): ${store.shipments.toLocaleString("en-US")} shipments, ` +
        `${store.returns.toLocaleString("en-US")} returns; ${list} views`,
    );
    const viewer = { storeId: store.id, userId, role: "editor" as const };
    const timed: { query: string; rows: number; ms: number }[] = [];
    for (const query of await viewQueries(db, store.id, list)) {
      const name = `Bench ${list} ${query || "all"}`.slice(0, 100);
      const view = await createSavedView(db, viewer, { list, name, query, shared: false });
      const started = performance.now();
      const rows = await countViewRows(db, await viewRows(db, store.id, list, query));
      timed.push({ query, rows, ms: performance.now() - started });
      viewIds.push({ id: view.id, storeId: store.id, list, narrow: rows <= NARROW_ROWS, query });
    }
    timed.sort((a, b) => b.ms - a.ms);
    const total = timed.reduce((sum, view) => sum + view.ms, 0);
    console.log(`  ${timed.length} views: counting each once takes ${ms(total)} in all; the slowest:`);
    for (const view of timed.slice(0, 4))
      console.log(
        `    ${(view.query || "(all)").padEnd(40)} ${String(view.rows).padStart(8)} rows  ${ms(view.ms)}`,
      );
    await updateAlertSettings(db, store.id, {
      returnsWaiting: { enabled: true, hours: 24 },
      shipmentsLate: { enabled: true },
      discrepancies: { enabled: true },
    });
  }
  const made = performance.now();
  for (let i = 0; i < ALERTS; i++) {
    const newRows = i % 4 === 3;
    const candidates = viewIds.filter((view) => view.narrow === newRows);
    const view = candidates[i % candidates.length];
    if (!view) continue;
    await createAlertRule(
      db,
      { storeId: view.storeId, userId },
      newRows
        ? { savedViewId: view.id, condition: "new_rows", threshold: 0, minutes: 0 }
        : {
            savedViewId: view.id,
            condition: "threshold",
            threshold: (i * 37) % 500,
            minutes: i % 3 === 0 ? 15 : 0,
          },
    );
  }
  console.log(
    `\n${ALERTS} alerts made in ${ms(performance.now() - made)} (new-rows ones read their view's ids once)`,
  );

  const storeIds = stores.map(([store]) => store.id);
  const rules = await db
    .select({ id: alertRules.id })
    .from(alertRules)
    .where(inArray(alertRules.storeId, storeIds));
  let now = Date.now();
  const timePasses = async (label: string, before: () => Promise<unknown>) => {
    const passes: number[] = [];
    for (let pass = 0; pass < PASSES; pass++) {
      await before();
      now += 15_000;
      const started = performance.now();
      await evaluateDueAlerts(
        db,
        new Date(now),
        { publicUrl: "http://localhost:3000", email: false },
        Number.POSITIVE_INFINITY,
      );
      passes.push(performance.now() - started);
    }
    const sorted = [...passes].sort((a, b) => a - b);
    console.log(
      `  ${label.padEnd(44)} passes ${passes.map((p) => p.toFixed(0)).join(", ")} ms; p50 ${ms(percentile(sorted, 50))}, ` +
        `${ms(percentile(sorted, 50) / rules.length)} per rule`,
    );
  };
  console.log(
    `evaluateDueAlerts (no time budget) over ${rules.length} rules (${ALERTS} saved-view alerts + built-ins), passes 15 s apart:`,
  );
  const started = performance.now();
  await evaluateDueAlerts(
    db,
    new Date(now),
    { publicUrl: "http://localhost:3000", email: false },
    Number.POSITIVE_INFINITY,
  );
  console.log(`  first pass (every view read, state stored)  ${ms(performance.now() - started)}`);
  // The stores' rows were last written by the seed: a quiet store, where each view is known unchanged.
  await timePasses("quiet stores (nothing written)", async () => undefined);
  // A write in each store before each pass: every view of it is read again (a busy store).
  await timePasses("busy stores (a write before each pass)", async () => {
    await db.execute(sql`update returns set updated_at = now()
      where id = (select id from returns where store_id = ${stores[1]?.[0].id} limit 1)`);
    await db.execute(sql`update inbound_shipments set updated_at = now()
      where id = (select id from inbound_shipments where store_id = ${stores[0]?.[0].id} limit 1)`);
  });
  await db.delete(savedViews).where(
    inArray(
      savedViews.id,
      viewIds.map((view) => view.id),
    ),
  );
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());
