import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { readConfig } from "../config";
import type { Db } from "../db";
import { serverSecrets } from "../db/schema";

export type ServerSecretName = "cursor-signing" | "session";

const cache = new Map<ServerSecretName, string>();

/**
 * A secret the server keeps for itself. `BACKROOM_SECRET` (when set) derives all of them; otherwise each
 * is generated once and stored, so every instance on one database agrees and restarts keep sessions and
 * cursors valid.
 */
export async function getServerSecret(db: Db, name: ServerSecretName): Promise<string> {
  const configured = readConfig().secret;
  if (configured) return `${configured}:${name}`;
  const cached = cache.get(name);
  if (cached) return cached;
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`server secret ${name} missing`);
  cache.set(name, row.value);
  return row.value;
}

/** Tests switch databases within one process; each database has its own secrets. */
export function forgetServerSecrets(): void {
  cache.clear();
}
