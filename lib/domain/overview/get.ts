import type { Db } from "../../db";
import type { StoreOverview } from "../../schemas/overview";
import { overviewCounts } from "./counts";
import { deliveredToClosed, inboundUnitsByWeek, overviewWeeks, returnsByWeek, topReasons } from "./series";

/**
 * `GET /stores/{storeId}/overview`: five aggregate statements (counts, then one per chart), each
 * answering a handful of rows; nothing is loaded row by row. They run together: on a pool each takes its
 * own connection, on the embedded database they queue. Budget: 300 ms p50 on a store with 1M shipments
 * (docs/performance.md, `npm run bench:overview`).
 */
export async function getStoreOverview(db: Db, storeId: string, now = new Date()): Promise<StoreOverview> {
  const weeks = overviewWeeks(now);
  const [counts, byWeek, reasons, closing, inbound] = await Promise.all([
    overviewCounts(db, storeId),
    returnsByWeek(db, storeId, weeks),
    topReasons(db, storeId, weeks),
    deliveredToClosed(db, storeId, weeks),
    inboundUnitsByWeek(db, storeId, weeks),
  ]);
  return {
    generatedAt: now.toISOString(),
    counts,
    returnsByWeek: byWeek,
    topReasons: reasons,
    deliveredToClosed: closing,
    inboundUnitsByWeek: inbound,
  };
}
