import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import { hashPassword } from "../auth/password";
import type { Db } from "../db";
import { setupTokens, staffUsers, storeMemberships } from "../db/schema";
import { newId } from "../ids";
import { hasNoStaff } from "./instance";
import { createStore } from "./stores";

/**
 * First-run setup. While the database has no staff user, every start of the server prints a one-time link
 * to /setup; the page creates the first store (with its first location) and its first admin. Tokens are
 * random, stored as sha256 only, valid 24 h; older links stay valid until they expire (the operator may
 * have copied one from an earlier start), and completing setup deletes them all.
 */

export const SETUP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** Why a setup link does not work; the page shows a 404 for every one of them. */
export class SetupTokenError extends Error {
  override name = "SetupTokenError";
  constructor(readonly reason: "unknown" | "expired" | "done") {
    super(
      reason === "done"
        ? "Setup is already complete: sign in instead."
        : "This setup link is not valid. Restart the server to get a new one.",
    );
  }
}

function hashSetupToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * A new setup token when the database has no staff user, or null when setup is done. Expired tokens are
 * deleted on the way.
 */
export async function issueSetupToken(db: Db, now = new Date()): Promise<string | null> {
  if (!(await hasNoStaff(db))) return null;
  const token = randomBytes(32).toString("base64url");
  await db.delete(setupTokens).where(lt(setupTokens.expiresAt, now));
  await db
    .insert(setupTokens)
    .values({ tokenHash: hashSetupToken(token), expiresAt: new Date(now.getTime() + SETUP_TOKEN_TTL_MS) });
  return token;
}

/** True when `token` opens the setup page now: known, unexpired, and nobody has set up the database yet. */
export async function isSetupTokenValid(db: Db, token: string, now = new Date()): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const [row] = await db
    .select({ tokenHash: setupTokens.tokenHash })
    .from(setupTokens)
    .where(and(eq(setupTokens.tokenHash, hashSetupToken(token)), gt(setupTokens.expiresAt, now)));
  return row !== undefined && (await hasNoStaff(db));
}

export type SetupInput = {
  token: string;
  store: { name: string; currency: string; timeZone: string };
  admin: { email: string; name: string; password: string };
};

/**
 * Creates the first store, its first location and its first admin, and spends every setup token, in one
 * transaction. Input is already validated (lib/schemas/stores.ts). Two submissions at once cannot both
 * succeed: each locks the token rows first, and the second then finds a staff user and fails as "done".
 */
export async function completeSetup(
  db: Db,
  input: SetupInput,
  now = new Date(),
): Promise<{ storeId: string; userId: string }> {
  const passwordHash = await hashPassword(input.admin.password);
  return db.transaction(async (tx) => {
    const tokens = await tx.select().from(setupTokens).for("update");
    const match = tokens.find((row) => row.tokenHash === hashSetupToken(input.token));
    if (!(await hasNoStaff(tx))) throw new SetupTokenError("done");
    if (!match) throw new SetupTokenError("unknown");
    if (match.expiresAt <= now) throw new SetupTokenError("expired");

    const { storeId } = await createStore(tx, input.store);
    const userId = newId("staffUser");
    await tx.insert(staffUsers).values({
      id: userId,
      email: input.admin.email,
      name: input.admin.name,
      passwordHash,
    });
    await tx.insert(storeMemberships).values({ storeId, userId, role: "admin" });
    await tx.delete(setupTokens);
    return { storeId, userId };
  });
}
