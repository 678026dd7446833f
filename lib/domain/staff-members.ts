import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "../db";
import { staffUsers, storeMembershipRemovals, storeMemberships } from "../db/schema";
import type { StaffRole } from "../enums";
import { newId } from "../ids";
import type { StaffMember } from "../schemas/staff-members";
import { ConflictError, NotFoundError } from "./errors";
import { emailSetPasswordLink, type IssuedLink, issueSetPasswordToken } from "./password-links";

/**
 * A store's team: members are staff users with a membership in the store. Every change here is read by
 * the next request (roles are loaded per request), so a demotion or a removal takes effect at once.
 * The store must keep an admin: removing or demoting its last one is refused, checked under a lock on
 * the store's admin memberships so two concurrent demotions cannot both pass.
 */

export const STAFF_MEMBER_RESOURCE = "staff-member";

const memberColumns = {
  id: staffUsers.id,
  email: staffUsers.email,
  name: staffUsers.name,
  role: storeMemberships.role,
  passwordHash: staffUsers.passwordHash,
  lastSignInAt: staffUsers.lastLoginAt,
  addedAt: storeMemberships.createdAt,
};

type MemberRow = {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  passwordHash: string | null;
  lastSignInAt: Date | null;
  addedAt: Date;
};

function toStaffMember(row: MemberRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    status: row.passwordHash ? "active" : "invited",
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    addedAt: row.addedAt.toISOString(),
  };
}

export async function listStaffMembers(db: Db, storeId: string): Promise<StaffMember[]> {
  const rows = await db
    .select(memberColumns)
    .from(storeMemberships)
    .innerJoin(staffUsers, eq(staffUsers.id, storeMemberships.userId))
    .where(eq(storeMemberships.storeId, storeId))
    .orderBy(asc(staffUsers.name), asc(staffUsers.id));
  return rows.map(toStaffMember);
}

async function findMember(db: Db, storeId: string, userId: string): Promise<MemberRow> {
  const [row] = await db
    .select(memberColumns)
    .from(storeMemberships)
    .innerJoin(staffUsers, eq(staffUsers.id, storeMemberships.userId))
    .where(and(eq(storeMemberships.storeId, storeId), eq(storeMemberships.userId, userId)));
  if (!row) throw new NotFoundError(STAFF_MEMBER_RESOURCE, userId);
  return row;
}

export async function getStaffMember(db: Db, storeId: string, userId: string): Promise<StaffMember> {
  return toStaffMember(await findMember(db, storeId, userId));
}

/**
 * Whose account an added member is: `created` (a new user), `restored` (removed from this store before:
 * the membership is back) or `existing` (a user already, of other stores or of none).
 */
export type AddedAccount = "created" | "restored" | "existing";

export type AddedStaffMember = {
  member: StaffMember;
  account: AddedAccount;
  /**
   * The token of a set-password link: for a new user, and for one who never chose a password and works
   * in no other store (nobody else holds a link for them, and no other store trusts the account).
   */
  link: IssuedLink | null;
};

/**
 * Adds someone to the store. A new email creates a user without a password and issues their one-time
 * link; an email that already belongs to a user only adds the membership (restoring it, for someone
 * removed from this store before), with a link only when they have no password and no other store.
 */
export async function addStaffMember(
  db: Db,
  storeId: string,
  input: { email: string; name: string; role: StaffRole },
  now = new Date(),
): Promise<AddedStaffMember> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.email, input.email))
      .for("update");
    let userId = existing?.id;
    let account: AddedAccount = "created";
    if (userId) {
      const [member] = await tx
        .select({ role: storeMemberships.role })
        .from(storeMemberships)
        .where(and(eq(storeMemberships.storeId, storeId), eq(storeMemberships.userId, userId)));
      if (member) {
        throw new ConflictError(
          `${STAFF_MEMBER_RESOURCE}/already-member`,
          `${input.email} is already a member of this store (${member.role}).`,
        );
      }
      const restored = await tx
        .delete(storeMembershipRemovals)
        .where(and(eq(storeMembershipRemovals.storeId, storeId), eq(storeMembershipRemovals.userId, userId)))
        .returning({ userId: storeMembershipRemovals.userId });
      account = restored.length > 0 ? "restored" : "existing";
    } else {
      userId = newId("staffUser");
      await tx
        .insert(staffUsers)
        .values({ id: userId, email: input.email, name: input.name, passwordHash: null });
    }
    await tx.insert(storeMemberships).values({ storeId, userId, role: input.role, createdAt: now });
    const member = toStaffMember(await findMember(tx, storeId, userId));
    const issued =
      account === "created" || (member.status === "invited" && (await storeCount(tx, userId)) === 1)
        ? await issueSetPasswordToken(tx, userId, now)
        : null;
    const link = issued
      ? {
          ...issued,
          emailedTo: await emailSetPasswordLink(tx, { storeId, userId, link: issued, kind: "invitation" }),
        }
      : null;
    return { member, account, link };
  });
}

/** How many stores the user works in. */
async function storeCount(tx: Db, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(storeMemberships)
    .where(eq(storeMemberships.userId, userId));
  return row?.n ?? 0;
}

/** Locks the store's admin memberships and refuses to leave the store without one. */
async function assertAnotherAdminRemains(tx: Db, storeId: string, userId: string): Promise<void> {
  const admins = await tx
    .select({ userId: storeMemberships.userId })
    .from(storeMemberships)
    .where(and(eq(storeMemberships.storeId, storeId), eq(storeMemberships.role, "admin")))
    .for("update");
  if (admins.every((admin) => admin.userId === userId)) {
    throw new ConflictError(
      `${STAFF_MEMBER_RESOURCE}/last-admin`,
      "This is the store's last admin: make someone else an admin first.",
    );
  }
}

export async function changeStaffMemberRole(
  db: Db,
  storeId: string,
  userId: string,
  role: StaffRole,
): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    const member = await findMember(tx, storeId, userId);
    if (member.role === "admin" && role !== "admin") await assertAnotherAdminRemains(tx, storeId, userId);
    await tx
      .update(storeMemberships)
      .set({ role })
      .where(and(eq(storeMemberships.storeId, storeId), eq(storeMemberships.userId, userId)));
    return toStaffMember({ ...member, role });
  });
}

/**
 * Removes someone from the store (their user and their other stores stay), keeping a note of the removal
 * so they can be told (findRemovedStore) and restored when added again. A user left without any store
 * also has their sessions ended, so their next page load lands on the sign-in page.
 */
export async function removeStaffMember(db: Db, storeId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await findMember(tx, storeId, userId);
    if (member.role === "admin") await assertAnotherAdminRemains(tx, storeId, userId);
    await tx
      .delete(storeMemberships)
      .where(and(eq(storeMemberships.storeId, storeId), eq(storeMemberships.userId, userId)));
    await tx
      .insert(storeMembershipRemovals)
      .values({ storeId, userId })
      .onConflictDoUpdate({
        target: [storeMembershipRemovals.storeId, storeMembershipRemovals.userId],
        set: { removedAt: sql`now()` },
      });
    if ((await storeCount(tx, userId)) === 0) {
      await tx
        .update(staffUsers)
        .set({
          sessionVersion: sql`${staffUsers.sessionVersion} + 1`,
          setPasswordTokenHash: null,
          setPasswordExpiresAt: null,
        })
        .where(eq(staffUsers.id, userId));
    }
  });
}

/**
 * A new set-password link for a member (the first one was lost, or they forgot their password). Only for
 * someone whose only store is this one: an admin of one store must not be able to take over an account
 * that also works in stores they do not administer.
 */
export async function reissueSetPasswordLink(
  db: Db,
  storeId: string,
  userId: string,
  now = new Date(),
): Promise<IssuedLink> {
  return db.transaction(async (tx) => {
    await findMember(tx, storeId, userId);
    if ((await storeCount(tx, userId)) > 1) {
      throw new ConflictError(
        `${STAFF_MEMBER_RESOURCE}/link-not-allowed`,
        "This person also works in other stores: they can change their password on their account page.",
      );
    }
    const issued = await issueSetPasswordToken(tx, userId, now);
    const emailedTo = await emailSetPasswordLink(tx, {
      storeId,
      userId,
      link: issued,
      kind: "password_reset",
    });
    return { ...issued, emailedTo };
  });
}

/** The path's store once the member is known there (404 otherwise), so the wrapper checks that before the body. */
export async function findStaffMemberStore(
  db: Db,
  params: { storeId: string; staffMemberId: string },
): Promise<string> {
  await findMember(db, params.storeId, params.staffMemberId);
  return params.storeId;
}
