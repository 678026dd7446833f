import os from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { closeDatabase, type Db, getDatabase } from "../lib/db";
import { getBin } from "../lib/domain/bins/bins";
import { putawaySuggestions } from "../lib/domain/bins/putaway";
import { percentile, timeRuns } from "./bench/timing";

/**
 * `npm run bench:putaway`: the putaway suggestion (docs/bins.md) at scale: one location with BENCH_BINS bins
 * (10,000: 100 zones of 100) and BENCH_MOVEMENTS ledger rows (1,000,000) over BENCH_ITEMS items (5,000), a
 * quarter of them into bins, plus items with no bin history whose product a putaway rule sends to a zone. Times
 * the domain function the route runs (`putawaySuggestions`, without HTTP) for items answered by their last bin
 * and items answered by a rule, against two baselines in the same run: `select 1` (a round trip) and `getBin`
 * (a primary-key read of one bin with its units). Needs DATABASE_URL at a throwaway PostgreSQL database: it
 * makes its own store there (`str_benchputaway…`) and leaves it; a run on a database that has it fails on its
 * ids (deleting 10,000 bins cascades through the ledger, which has no index by bin: slow).
 */

const BINS = Number(process.env.BENCH_BINS ?? 10_000);
const MOVEMENTS = Number(process.env.BENCH_MOVEMENTS ?? 1_000_000);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 5_000);
const RULE_ITEMS = 500;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);

const STORE = "str_benchputaway0000000000";
const LOCATION = "loc_benchputaway0000000000";

async function seed(db: Db): Promise<void> {
  await db.execute(sql`insert into stores (id, name) values (${STORE}, 'Putaway bench')`);
  await db.execute(
    sql`insert into locations (id, store_id, name) values (${LOCATION}, ${STORE}, 'Bench DC')`,
  );
  // Bins: zone Z00..Z99, 100 bins each, every tenth with a capacity.
  await db.execute(sql`insert into bins (id, store_id, location_id, code, zone, capacity)
    select 'bin_bench' || n, ${STORE}, ${LOCATION}, 'Z' || lpad((n / 100)::text, 2, '0') || '-' || lpad((n % 100)::text, 3, '0'),
      'Z' || lpad((n / 100)::text, 2, '0'), case when n % 10 = 0 then 500 end
    from generate_series(0, ${BINS - 1}) n`);
  // Items with a history (ITEMS) and items with none whose product is tagged for a rule (RULE_ITEMS).
  await db.execute(sql`insert into products (id, store_id, title, product_type, tags)
    select 'prd_bench' || n, ${STORE}, 'Bench product ' || n, case when n % 2 = 0 then 'Frozen' else 'Apparel' end,
      array['bench', 'tag' || (n % 50)]
    from generate_series(0, ${ITEMS + RULE_ITEMS - 1}) n`);
  await db.execute(sql`insert into product_variants (id, store_id, product_id, title, sku, price)
    select 'var_bench' || n, ${STORE}, 'prd_bench' || n, 'Default', 'BENCH-' || n, 10
    from generate_series(0, ${ITEMS + RULE_ITEMS - 1}) n`);
  await db.execute(sql`insert into inventory_items (id, store_id, variant_id, sku, name, kind)
    select 'ii_bench' || n, ${STORE}, 'var_bench' || n, 'BENCH-' || n, 'Bench product ' || n, 'PRODUCT'
    from generate_series(0, ${ITEMS + RULE_ITEMS - 1}) n`);
  // The ledger: MOVEMENTS rows over the first ITEMS items, one in four into one of the item's bins.
  await db.execute(sql`insert into inventory_movements (id, store_id, inventory_item_id, location_id, bin_id,
      quantity_delta, quantity_after, reason, source_type, actor_kind, created_at)
    select 'mov_bench' || n, ${STORE}, 'ii_bench' || (n % ${ITEMS}), ${LOCATION},
      case when n % 4 = 0 then 'bin_bench' || ((n::bigint * 7919) % ${BINS}) end,
      1, 1 + n / ${ITEMS}, 'received', 'receipt', 'system', now() - make_interval(secs => ${MOVEMENTS} - n)
    from generate_series(0, ${MOVEMENTS - 1}) n`);
  await db.execute(sql`insert into inventory_levels (id, inventory_item_id, store_id, location_id, quantity)
    select 'li_bench' || n, 'ii_bench' || n, ${STORE}, ${LOCATION}, ${Math.ceil(MOVEMENTS / ITEMS)}
    from generate_series(0, ${ITEMS - 1}) n`);
  await db.execute(sql`insert into bin_stock (bin_id, inventory_item_id, store_id, location_id, quantity)
    select distinct on (bin_id, inventory_item_id) bin_id, inventory_item_id, store_id, location_id, 1
    from inventory_movements where store_id = ${STORE} and bin_id is not null and seq % 50 = 0`);
  await db.execute(sql`insert into putaway_rules (store_id, location_id, position, match_field, match_value, zone)
    values (${STORE}, ${LOCATION}, 0, 'tag', 'no-such-tag', 'Z98'),
      (${STORE}, ${LOCATION}, 1, 'product_type', 'frozen', 'Z42'),
      (${STORE}, ${LOCATION}, 2, 'tag', 'bench', 'Z07')`);
  await db.execute(sql`analyze`);
}

async function main() {
  if (!process.env.DATABASE_URL) throw new Error("Set DATABASE_URL to a PostgreSQL database.");
  const { db } = await getDatabase();
  const started = performance.now();
  await seed(db);
  const [counts] = (
    await db.execute<{ bins: number; movements: number }>(sql`select
      (select count(*)::int from bins where store_id = ${STORE}) as bins,
      (select count(*)::int from inventory_movements where store_id = ${STORE}) as movements`)
  ).rows;
  console.log(
    `${counts?.bins.toLocaleString("en-US")} bins, ${counts?.movements.toLocaleString("en-US")} ledger movements, ` +
      `${ITEMS.toLocaleString("en-US")} items with a history + ${RULE_ITEMS} by rule; seeded in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s; ${RUNS} runs after ${WARMUP} warm-up; ` +
      `${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)}`,
  );
  let n = 0;
  const lastBin = () =>
    putawaySuggestions(db, {
      storeId: STORE,
      inventoryItemId: `ii_bench${(n++ * 37) % ITEMS}`,
      locationId: LOCATION,
    });
  const byRule = () =>
    putawaySuggestions(db, {
      storeId: STORE,
      inventoryItemId: `ii_bench${ITEMS + (n++ % RULE_ITEMS)}`,
      locationId: LOCATION,
    });
  const [sample] = await lastBin();
  const [ruled] = await byRule();
  console.log(
    `answers: ${sample?.source} ${sample?.bin?.code}; ${ruled?.source} ${ruled?.bin?.code} (${ruled?.rule?.zone})`,
  );

  const results: [string, number[]][] = [
    ["baseline: select 1", await timeRuns(() => db.execute(sql`select 1`), RUNS, WARMUP)],
    [
      "baseline: getBin (pk read)",
      await timeRuns(() => getBin(db, STORE, `bin_bench${n++ % BINS}`), RUNS, WARMUP),
    ],
    ["suggestion by last bin", await timeRuns(lastBin, RUNS, WARMUP)],
    ["suggestion by rule", await timeRuns(byRule, RUNS, WARMUP)],
  ];
  const floor = percentile(results[0]?.[1] ?? [], 50);
  console.log("| Measure | p50 | p95 | p50 / select 1 |\n|---|---|---|---|");
  for (const [label, times] of results) {
    const p50 = percentile(times, 50);
    console.log(
      `| ${label} | ${p50.toFixed(2)} ms | ${percentile(times, 95).toFixed(2)} ms | ${(p50 / floor).toFixed(1)}x |`,
    );
  }
  const plan = await db.execute<{ "QUERY PLAN": string }>(sql`explain analyze
    select b.id from inventory_movements m join bins b on b.id = m.bin_id
    where m.inventory_item_id = 'ii_bench7' and m.location_id = ${LOCATION}
      and m.bin_id is not null and m.quantity_delta > 0 and b.archived_at is null
    order by m.seq desc limit 1`);
  console.log(plan.rows.map((row) => row["QUERY PLAN"]).join("\n"));
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());
