import pg from "pg";

/** The same server as `url`, connected to its maintenance database (postgres) for CREATE/DROP DATABASE. */
export function adminUrl(url: string): string {
  return databaseUrl(url, "postgres");
}

export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export function quoteIdent(name: string): string {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name ${name}`);
  return `"${name}"`;
}

export async function createDatabaseFromTemplate(url: string, name: string, template: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  try {
    // Two copies of one template at the same instant can collide ("source database is being accessed");
    // that is a transient condition, so retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${quoteIdent(name)} template ${quoteIdent(template)}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== "55006" || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
      }
    }
  } finally {
    await admin.end();
  }
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${quoteIdent(name)} with (force)`);
  } finally {
    await admin.end();
  }
}

export async function dropDatabasesWithPrefix(url: string, prefix: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, $1)",
      [prefix],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists ${quoteIdent(datname)} with (force)`);
    }
  } finally {
    await admin.end();
  }
}
