import { and, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import { encodeCursor } from "../../lib/api/cursor";
import type { Db } from "../../lib/db";
import { inboundShipments } from "../../lib/db/schema";
import { bulkStoreId } from "../../lib/demo/bulk";
import { createApiKey } from "../../lib/domain/api-keys";
import { getServerSecret } from "../../lib/domain/server-secrets";

/**
 * What the list benchmarks (`bench:api`, `bench:memory`) load List inbound shipments with: the bulk store
 * ("Bulk Depot", `npm run seed -- --shipments 1000000`), an API secret made for the run, the filters (none,
 * status, location, a created range) and the markers of pages deep in the list.
 */
export type ListBench = {
  storeId: string;
  secret: string;
  filters: Record<string, string>[];
  /** The marker of the page `pagesDeep` pages in (or the last page when the set is shorter). */
  deepMarker(query: Record<string, string>, pageSize: number, pagesDeep: number): Promise<string | undefined>;
};

export async function prepareListBench(db: Db): Promise<ListBench> {
  const storeId = bulkStoreId();
  const [sample] = await db
    .select()
    .from(inboundShipments)
    .where(eq(inboundShipments.storeId, storeId))
    .limit(1);
  if (!sample) throw new Error("No Bulk Depot shipments: run `npm run seed -- --shipments 1000000` first.");
  const { secret } = await createApiKey(db, { storeId, name: `bench ${new Date().toISOString()}` });
  const cursorKey = await getServerSecret(db, "cursor-signing");
  const filters: Record<string, string>[] = [
    {},
    { status: "RECEIVED" },
    { location_id: sample.locationId },
    { created_at_min: "2026-03-01T00:00:00Z", created_at_max: "2026-09-01T00:00:00Z" },
  ];

  // The position of the row just before the page (found once with OFFSET, here only).
  const deepMarker = async (q: Record<string, string>, pageSize: number, pagesDeep: number) => {
    const conditions: SQL[] = [eq(inboundShipments.storeId, storeId)];
    if (q.status) conditions.push(eq(inboundShipments.status, q.status as "RECEIVED"));
    if (q.location_id) conditions.push(eq(inboundShipments.locationId, q.location_id));
    if (q.created_at_min) conditions.push(gte(inboundShipments.createdAt, new Date(q.created_at_min)));
    if (q.created_at_max) conditions.push(lt(inboundShipments.createdAt, new Date(q.created_at_max)));
    const total = await db.$count(inboundShipments, and(...conditions));
    const offset = Math.max(0, Math.min(pagesDeep * pageSize, total - pageSize) - 1);
    const [row] = await db
      .select({ updatedAt: inboundShipments.updatedAt, id: inboundShipments.id })
      .from(inboundShipments)
      .where(and(...conditions))
      .orderBy(desc(inboundShipments.updatedAt), desc(inboundShipments.id))
      .offset(offset)
      .limit(1);
    if (!row) return undefined;
    return encodeCursor(row, { storeId, ...q }, cursorKey);
  };
  return { storeId, secret, filters, deepMarker };
}
