import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A test run's own database on a PostgreSQL server it is given (the multi-instance test's, the end-to-end
 * server's in CI): created fresh under a prefix that says whose it is (never someone's data) and dropped at
 * the end, with FORCE since a killed process may leave a connection behind for a moment.
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

export async function createTestDatabase(serverUrl: string, prefix: string): Promise<TestDatabase> {
  if (!/^[a-z0-9_]+$/.test(prefix)) throw new Error(`unexpected database prefix ${prefix}`);
  const name = `${prefix}${randomBytes(6).toString("hex")}`;
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
