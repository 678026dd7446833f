import { and, eq, inArray, isNull } from "drizzle-orm";
import { demoApiSecret, hashApiSecret } from "../auth/api-secrets";
import type { ServerConfig } from "../config";
import type { Database, Db } from "../db";
import { apiKeys, staffUsers, stores } from "../db/schema";
import { DEMO_PASSWORD, DEMO_STAFF } from "./accounts";

/**
 * The start-up message: where the app is, and — when the demo data is present — a login per role and
 * a working API secret per store, so a new user can sign in and call the API straight away.
 */
export async function describeWelcome(database: Database, config: ServerConfig): Promise<string> {
  const { db } = database;
  const where = database.backend === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL";
  const lines = ["", `Backroom is running at ${config.publicUrl}  (${where})`];

  const logins = await presentDemoLogins(db);
  if (logins.length > 0) {
    lines.push("", `Demo staff logins (password "${DEMO_PASSWORD}"):`);
    for (const staff of logins) lines.push(`  ${staff.role.padEnd(7)} ${staff.email}`);
  }

  const allStores = await db.select({ id: stores.id, name: stores.name }).from(stores).orderBy(stores.name);
  const secrets: string[] = [];
  for (const store of allStores) {
    const secret = demoApiSecret(store.id);
    const [key] = await db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.secretHash, hashApiSecret(secret)), isNull(apiKeys.revokedAt)));
    if (key) secrets.push(`  ${store.name} (${store.id}): ${secret}`);
  }
  if (secrets.length > 0) {
    lines.push("", "Demo API secrets:", ...secrets);
    const first = allStores.find((store) => secrets[0]?.includes(store.id));
    if (first) {
      lines.push(
        "",
        "Try:",
        `  curl -H "Authorization: Bearer ${demoApiSecret(first.id)}" \\`,
        `    ${config.publicUrl}/api/v2.2/stores/${first.id}/inbound-shipments`,
      );
    }
  }
  lines.push("");
  return lines.join("\n");
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

/** What the sign-in page shows a new user of the demo: its logins and their shared password. */
export async function demoSignInHint(
  db: Db,
): Promise<{ password: string; accounts: { email: string; role: string }[] } | null> {
  const accounts = await presentDemoLogins(db);
  if (accounts.length === 0) return null;
  return { password: DEMO_PASSWORD, accounts: accounts.map(({ email, role }) => ({ email, role })) };
}
