import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import type { SetupProgress } from "../../schemas/overview";

/**
 * The first-run checklist, in one statement of `exists` probes (each stops at the first row of the store, on
 * an index led by store_id), so the overview pays next to nothing for it once a store is set up. Every step
 * is read from the rows that make it true, never from a flag a page sets, so deleting the last webhook or
 * archiving the last location with an address shows the step as open again.
 */
export async function setupProgress(db: Db, storeId: string): Promise<SetupProgress> {
  const { rows } = await db.execute<SetupProgress>(sql`
    select
      exists (select 1 from locations where store_id = ${storeId} and archived_at is null) as "locations",
      exists (select 1 from locations
        where store_id = ${storeId} and archived_at is null and address is not null) as "returnAddress",
      exists (select 1 from products where store_id = ${storeId}) as "products",
      exists (select 1 from inbound_shipments where store_id = ${storeId}) as "inboundShipment",
      exists (select 1 from store_memberships where store_id = ${storeId} offset 1) as "team",
      (exists (select 1 from webhooks where store_id = ${storeId})
        or exists (select 1 from api_keys where store_id = ${storeId} and revoked_at is null)) as "integration"`);
  const [progress] = rows;
  if (!progress) throw new Error("the setup progress returned no row");
  return progress;
}
