import { performance } from "node:perf_hooks";
import { and, eq, inArray } from "drizzle-orm";
import { closeDatabase, type Db, getDatabase } from "../lib/db";
import { alertRules, savedViews, staffUsers } from "../lib/db/schema";
import { updateAlertSettings } from "../lib/domain/alerts/built-in-settings";
import { evaluateAlerts } from "../lib/domain/alerts/evaluate";
import { createAlertRule } from "../lib/domain/alerts/rules";
import { countViewRows, viewRows } from "../lib/domain/alerts/view-rows";
import { createSavedView } from "../lib/domain/saved-views";
import { createStaffUser } from "../lib/domain/staff";
import type { SavedViewList } from "../lib/enums";
import { type BenchStore, benchStore, percentile } from "./bench/timing";

/**
 * `npm run bench:alerts`: what one pass of the alert evaluation (the notification watch, every 15 s) costs
 * with BENCH_ALERTS saved-view alerts (1,000) on a big store, plus the three built-ins. Makes a member and
 * saved views of the typical filters on the store with the most shipments and the one with the most returns,
 * half the alerts on each; three in four are thresholds, one in four new-rows alerts on the narrow views
 * (people watch "needs review" for new rows, not the whole list). Then times BENCH_PASSES passes of
 * `evaluateAlerts`, each 15 s after the previous as the worker runs them, and the per-view count alone.
 * Needs DATABASE_URL (PostgreSQL), e.g. a database after `npm run seed -- --returns 40000` then
 * `npm run seed -- --shipments 200000`. Removes what it made at the end.
 */

const ALERTS = Number(process.env.BENCH_ALERTS ?? 1000);
const PASSES = Number(process.env.BENCH_PASSES ?? 5);

const VIEWS: Record<SavedViewList, { wide: string[]; narrow: string[] }> = {
  returns: {
    wide: ["", "status=open", "status=complete", "q=smith"],
    narrow: ["status=needs_review", "status=flagged"],
  },
  shipments: {
    wide: ["", "status=PENDING", "status=RECEIVED", "arriving=7"],
    narrow: ["late=true", "q=1Z9"],
  },
};

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
    for (const [narrow, queries] of [
      [false, VIEWS[list].wide],
      [true, VIEWS[list].narrow],
    ] as const) {
      for (const query of queries) {
        const view = await createSavedView(db, viewer, {
          list,
          name: `Bench ${list} ${query || "all"}`,
          query,
          shared: false,
        });
        viewIds.push({ id: view.id, storeId: store.id, list, narrow, query });
        const rows = viewRows(store.id, list, query);
        const started = performance.now();
        const count = await countViewRows(db, rows);
        console.log(
          `  view ${(query || "(all)").padEnd(20)} ${String(count).padStart(8)} rows, count ${ms(performance.now() - started)}`,
        );
      }
    }
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

  let now = Date.now();
  const passes: number[] = [];
  for (let pass = 0; pass < PASSES; pass++) {
    const started = performance.now();
    await evaluateAlerts(db, new Date(now), { publicUrl: "http://localhost:3000", email: false });
    passes.push(performance.now() - started);
    now += 15_000;
  }
  const evaluated = await db
    .select({ id: alertRules.id })
    .from(alertRules)
    .where(
      inArray(
        alertRules.storeId,
        stores.map(([store]) => store.id),
      ),
    );
  const sorted = [...passes].sort((a, b) => a - b);
  console.log(
    `evaluateAlerts over ${evaluated.length} rules (${ALERTS} saved-view alerts + built-ins), ${PASSES} passes 15 s apart:`,
  );
  console.log(
    `  first pass ${ms(passes[0] ?? 0)} (fires and stores the state); passes ${passes.map((p) => p.toFixed(0)).join(", ")} ms`,
  );
  console.log(
    `  p50 ${ms(percentile(sorted, 50))}, max ${ms(sorted.at(-1) ?? 0)}; ${ms(percentile(sorted, 50) / evaluated.length)} per rule`,
  );
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
