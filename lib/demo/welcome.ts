import { inArray } from "drizzle-orm";
import { hashApiSecret } from "../auth/api-secrets";
import type { ServerConfig } from "../config";
import type { Database, Db } from "../db";
import { apiKeys, staffUsers } from "../db/schema";
import { isDemoDatabase } from "../domain/instance";
import { DEMO_PASSWORD, DEMO_STAFF } from "./accounts";
import { readDemoCredentials } from "./credentials";

/**
 * The start-up message: where the app is; on a demo database a login per role and a working API secret
 * per store, so a new user can sign in and call the API straight away; on a database nobody has set up,
 * the one-time setup link.
 */
export async function describeWelcome(
  database: Database,
  config: ServerConfig,
  setupToken: string | null,
): Promise<string> {
  const { db } = database;
  const where = database.backend === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL";
  const lines = ["", `Backroom is running at ${config.publicUrl}  (${where})`];

  if (setupToken) {
    lines.push(
      "",
      "No staff account exists yet. Open this link to create your store and its first admin",
      "(single use, valid 24 hours; a new one is printed at every start until setup is done):",
      "",
      `  ${config.publicUrl}/setup?token=${setupToken}`,
    );
  }

  if (await isDemoDatabase(db)) {
    const logins = await presentDemoLogins(db);
    if (logins.length > 0) {
      lines.push("", `Demo staff logins (password "${DEMO_PASSWORD}"):`);
      for (const staff of logins) lines.push(`  ${staff.role.padEnd(7)} ${staff.email}`);
    }
    const secrets = await liveDemoSecrets(db, config.dataDir);
    if (secrets.length > 0) {
      lines.push("", "Demo API secrets:", ...secrets.map((s) => `  ${s.name} (${s.id}): ${s.apiSecret}`));
      const [first] = secrets;
      if (first) {
        lines.push(
          "",
          "Try:",
          `  curl -H "Authorization: Bearer ${first.apiSecret}" \\`,
          `    ${config.publicUrl}/api/v2.2/stores/${first.id}/inbound-shipments`,
        );
      }
    }
  }
  lines.push("");
  return lines.join("\n");
}

/** The demo secrets of the credentials file that still open their store (a revoked one is not printed). */
async function liveDemoSecrets(db: Db, dataDir: string) {
  const stored = readDemoCredentials(dataDir)?.stores ?? [];
  if (stored.length === 0) return [];
  const live = await db
    .select({ secretHash: apiKeys.secretHash, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .where(
      inArray(
        apiKeys.secretHash,
        stored.map((s) => hashApiSecret(s.apiSecret)),
      ),
    );
  const liveHashes = new Set(live.filter((k) => k.revokedAt === null).map((k) => k.secretHash));
  return stored.filter((s) => liveHashes.has(hashApiSecret(s.apiSecret)));
}

/** The demo staff accounts that exist in this database (none once the demo data is gone). */
async function presentDemoLogins(db: Db): Promise<(typeof DEMO_STAFF)[number][]> {
  const present = await db
    .select({ email: staffUsers.email })
    .from(staffUsers)
    .where(
      inArray(
        staffUsers.email,
        DEMO_STAFF.map((staff) => staff.email),
      ),
    );
  const presentEmails = new Set(present.map((row) => row.email));
  return DEMO_STAFF.filter((staff) => presentEmails.has(staff.email));
}

/**
 * What the sign-in page shows a new user of the demo: its logins and their shared password. Only on a
 * database the demo seeder loaded: a store's own database never lists accounts on its sign-in page.
 */
export async function demoSignInHint(
  db: Db,
): Promise<{ password: string; accounts: { email: string; role: string }[] } | null> {
  if (!(await isDemoDatabase(db))) return null;
  const accounts = await presentDemoLogins(db);
  if (accounts.length === 0) return null;
  return { password: DEMO_PASSWORD, accounts: accounts.map(({ email, role }) => ({ email, role })) };
}
