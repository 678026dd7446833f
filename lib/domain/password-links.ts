import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { hashPassword, verifyPassword } from "../auth/password";
import { readConfig } from "../config";
import type { Db } from "../db";
import { staffUsers, stores } from "../db/schema";
import { enqueueNotifications } from "../webhooks/notifications/enqueue";
import { clearAccountSignInAttempts } from "./sign-in-throttle";

/**
 * One-time set-password links (e-mailed when the server has an SMTP server, and shown to the admin to hand
 * over either way) and password
 * changes. A user has at most one outstanding link: a new one replaces the old. The database keeps only
 * the sha256 of the token. Setting or changing a password bumps `session_version`, which ends every
 * session issued before (lib/session, lib/api/principal).
 */

export const SET_PASSWORD_LINK_TTL_MS = 72 * 60 * 60 * 1000;

export function hashLinkToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Issues a new link token for `userId` (replacing any earlier one) and returns it with its expiry. */
export async function issueSetPasswordToken(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SET_PASSWORD_LINK_TTL_MS);
  await db
    .update(staffUsers)
    .set({ setPasswordTokenHash: hashLinkToken(token), setPasswordExpiresAt: expiresAt, updatedAt: now })
    .where(eq(staffUsers.id, userId));
  return { token, expiresAt };
}

export type IssuedLink = { token: string; expiresAt: Date; emailedTo: string | null };

/** The link as the API shows it once: an absolute URL on BACKROOM_PUBLIC_URL, its expiry, where it was e-mailed. */
export function setPasswordLinkView(
  link: IssuedLink,
  publicUrl = readConfig().publicUrl,
): { url: string; expiresAt: string; emailedTo: string | null } {
  return {
    url: setPasswordUrl(link.token, publicUrl),
    expiresAt: link.expiresAt.toISOString(),
    emailedTo: link.emailedTo,
  };
}

function setPasswordUrl(token: string, publicUrl: string): string {
  return `${publicUrl}/set-password?token=${token}`;
}

/**
 * E-mails a freshly issued link to its user through the notification outbox, in the caller's transaction
 * (a rollback sends nothing), when the server sends e-mail; returns the address, or null without SMTP.
 * `invitation` for someone just added, `password_reset` for a new link to an existing member.
 */
export async function emailSetPasswordLink(
  tx: Db,
  input: {
    storeId: string;
    userId: string;
    link: { token: string; expiresAt: Date };
    kind: "invitation" | "password_reset";
  },
): Promise<string | null> {
  const config = readConfig();
  if (!config.smtpUrl) return null;
  const [row] = await tx
    .select({ email: staffUsers.email, name: staffUsers.name, storeName: stores.name })
    .from(staffUsers)
    .innerJoin(stores, eq(stores.id, input.storeId))
    .where(eq(staffUsers.id, input.userId));
  if (!row) return null;
  const url = setPasswordUrl(input.link.token, config.publicUrl);
  const until = input.link.expiresAt.toISOString().replace("T", " ").slice(0, 16);
  const message =
    input.kind === "invitation"
      ? {
          subject: `You are invited to ${row.storeName} on Backroom`,
          body: `Hello ${row.name},\n\nYou have been added to ${row.storeName} on Backroom. Choose your password here (the link works once, until ${until} UTC):\n\n${url}\n`,
        }
      : {
          subject: `Set your Backroom password for ${row.storeName}`,
          body: `Hello ${row.name},\n\nAn admin of ${row.storeName} made you a new set-password link (it works once, until ${until} UTC):\n\n${url}\n\nIf you did not expect this, tell your admin.`,
        };
  await enqueueNotifications(tx, [
    {
      storeId: input.storeId,
      kind: input.kind,
      channel: "email",
      recipient: row.email,
      subjectId: input.userId,
      ...message,
    },
  ]);
  return row.email;
}

/** The user a link token opens now (for the page's greeting), or null when unknown, used or expired. */
export async function findUserBySetPasswordToken(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ id: string; email: string; name: string } | null> {
  if (!token || token.length > 100) return null;
  const [user] = await db
    .select({ id: staffUsers.id, email: staffUsers.email, name: staffUsers.name })
    .from(staffUsers)
    .where(
      and(
        eq(staffUsers.setPasswordTokenHash, hashLinkToken(token)),
        gt(staffUsers.setPasswordExpiresAt, now),
      ),
    );
  return user ?? null;
}

/**
 * Sets the password of the link's user and spends the link, in one statement (two submissions of one link:
 * the second finds no row). Also lifts the sign-in throttle of the user's e-mail address. Returns the user's email, or null for a dead link.
 * The password must already satisfy the policy (lib/auth/password-policy.ts).
 */
export async function setPasswordWithToken(
  db: Db,
  token: string,
  password: string,
  now = new Date(),
): Promise<{ email: string } | null> {
  if (!token || token.length > 100) return null;
  const passwordHash = await hashPassword(password);
  const [user] = await db
    .update(staffUsers)
    .set({
      passwordHash,
      setPasswordTokenHash: null,
      setPasswordExpiresAt: null,
      sessionVersion: sql`${staffUsers.sessionVersion} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(staffUsers.setPasswordTokenHash, hashLinkToken(token)),
        gt(staffUsers.setPasswordExpiresAt, now),
      ),
    )
    .returning({ email: staffUsers.email });
  if (user) await clearAccountSignInAttempts(db, user.email);
  return user ?? null;
}

/**
 * Changes a signed-in user's own password after checking the current one. Every other session of the
 * user ends (the version moves); the caller signs the user in again with the new password.
 */
export async function changeOwnPassword(
  db: Db,
  userId: string,
  input: { currentPassword: string; newPassword: string },
  now = new Date(),
): Promise<"changed" | "wrong-password"> {
  const [user] = await db
    .select({ passwordHash: staffUsers.passwordHash })
    .from(staffUsers)
    .where(eq(staffUsers.id, userId));
  if (!user?.passwordHash || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
    return "wrong-password";
  }
  await db
    .update(staffUsers)
    .set({
      passwordHash: await hashPassword(input.newPassword),
      setPasswordTokenHash: null,
      setPasswordExpiresAt: null,
      sessionVersion: sql`${staffUsers.sessionVersion} + 1`,
      updatedAt: now,
    })
    .where(eq(staffUsers.id, userId));
  return "changed";
}
