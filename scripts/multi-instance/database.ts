import pg from "pg";

/** A small client on the test database for the checks (events, deliveries, leases). */
export async function openChecker(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  return {
    /** Every event of the store's topic with its order. */
    async events(storeId: string) {
      const { rows } = await pool.query<{ id: string; seq: string; subject_id: string }>(
        "select id, seq, subject_id from events where store_id = $1 and topic = 'inbound_shipment' order by seq",
        [storeId],
      );
      return rows.map((row) => ({ id: row.id, seq: Number(row.seq), subjectId: row.subject_id }));
    },
    /** Deliveries of the webhook by status. */
    async deliveryStatuses(webhookId: string): Promise<Record<string, number>> {
      const { rows } = await pool.query<{ status: string; n: string }>(
        "select status, count(*) as n from webhook_deliveries where webhook_id = $1 group by status",
        [webhookId],
      );
      return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
    },
    /** Pending deliveries leased by a worker right now (an attempt in flight). */
    async leasedBy(workerId: string): Promise<string[]> {
      const { rows } = await pool.query<{ id: string }>(
        "select id from webhook_deliveries where lease_owner = $1 and status = 'pending' and lease_expires_at > now()",
        [workerId],
      );
      return rows.map((row) => row.id);
    },
    async statusOf(ids: string[]): Promise<Record<string, number>> {
      const { rows } = await pool.query<{ status: string; n: string }>(
        "select status, count(*) as n from webhook_deliveries where id = any($1) group by status",
        [ids],
      );
      return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
    },
    /** The store's shipments whose reference starts with `prefix`, and their distinct references. */
    async shipmentsNamed(storeId: string, prefix: string) {
      const { rows } = await pool.query<{ shipments: number; refs: number }>(
        `select count(*)::int as shipments, count(distinct shipment_id)::int as refs
          from inbound_shipments where store_id = $1 and shipment_id like $2 || '%'`,
        [storeId, prefix],
      );
      return { shipments: rows[0]?.shipments ?? 0, references: rows[0]?.refs ?? 0 };
    },
    close: () => pool.end(),
  };
}

export type Checker = Awaited<ReturnType<typeof openChecker>>;
