import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * The test's own database on the PostgreSQL server it is given: created fresh (never someone's data) and
 * dropped at the end, with FORCE since a killed process may leave a connection behind for a moment.
 */

export const DEFAULT_SERVER_URL = "postgres://postgres@127.0.0.1:5432/postgres";

export type TestDatabase = { name: string; url: string; drop: () => Promise<void> };

/** Network failures that mean "no PostgreSQL here"; anything else (a refused login) is a real error. */
const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "ETIMEDOUT",
]);

/**
 * Connects to the server's maintenance database: `skip` with the reason when nothing answers there, so a
 * machine without PostgreSQL skips the test, but a server that answers and refuses us fails it.
 */
export async function probeServer(
  serverUrl: string,
): Promise<{ skip: false } | { skip: true; reason: string }> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return { skip: false };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const message = error instanceof Error ? error.message : String(error);
    if ((typeof code === "string" && UNREACHABLE.has(code)) || /timeout/i.test(message)) {
      return { skip: true, reason: message };
    }
    throw new Error(`PostgreSQL at ${new URL(serverUrl).host} answered but refused the test: ${message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function createTestDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `backroom_mi_${randomBytes(6).toString("hex")}`;
  await onServer(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | undefined;
  const drop = () => {
    dropped ??= onServer(serverUrl, async (client) => {
      await client.query(`drop database if exists ${name} with (force)`);
    });
    return dropped;
  };
  return { name, url: url.toString(), drop };
}

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
