import type { Db } from "../../db";
import type { StoreOverview } from "../../schemas/overview";
import { overviewCounts } from "./counts";
import { deliveredToClosed, inboundUnitsByWeek, overviewWeeks, returnsByWeek, topReasons } from "./series";
import { setupProgress } from "./setup-progress";

/**
 * `GET /stores/{storeId}/overview`: five aggregate statements (counts, then one per chart), each
 * answering a handful of rows, and the first-run checklist's `exists` probes; nothing is loaded row by row. They run together: on a pool each takes its
 * own connection, on the embedded database they queue. Budget: 300 ms p50 on a store with 1M shipments
 * (docs/performance.md, `npm run bench:overview`).
 */
export async function getStoreOverview(db: Db, storeId: string, now = new Date()): Promise<StoreOverview> {
  const weeks = overviewWeeks(now);
  const [counts, setup, byWeek, reasons, closing, inbound] = await Promise.all([
    overviewCounts(db, storeId),
    setupProgress(db, storeId),
    returnsByWeek(db, storeId, weeks),
    topReasons(db, storeId, weeks),
    deliveredToClosed(db, storeId, weeks),
    inboundUnitsByWeek(db, storeId, weeks),
  ]);
  return {
    generatedAt: now.toISOString(),
    counts,
    setup,
    returnsByWeek: byWeek,
    topReasons: reasons,
    deliveredToClosed: closing,
    inboundUnitsByWeek: inbound,
  };
}
