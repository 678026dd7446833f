import { asc, eq } from "drizzle-orm";
import { hashPassword } from "../auth/password";
import type { Db } from "../db";
import { staffUsers, storeMemberships, stores } from "../db/schema";
import type { StaffRole } from "../enums";
import { newId } from "../ids";
import { ConflictError } from "./errors";

export type NewStaffUser = {
  email: string;
  name: string;
  password: string;
  memberships: { storeId: string; role: StaffRole }[];
};

/** Adds a staff user with their store roles (the CLI and the demo seed use this). */
export async function createStaffUser(db: Db, input: NewStaffUser): Promise<{ id: string; email: string }> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.email, email));
    if (existing)
      throw new ConflictError("staff/email-taken", `A staff user with email ${email} already exists.`);
    const id = newId("staffUser");
    await tx.insert(staffUsers).values({ id, email, name: input.name.trim(), passwordHash });
    if (input.memberships.length > 0) {
      await tx
        .insert(storeMemberships)
        .values(input.memberships.map((m) => ({ storeId: m.storeId, userId: id, role: m.role })));
    }
    return { id, email };
  });
}

/** A store the staff member works in, with their role and the time zone its pages show dates in. */
export type StaffStore = { id: string; name: string; currency: string; timeZone: string; role: StaffRole };

/** The stores a staff user belongs to, with their role in each (the app's store switcher). */
export async function listStaffStores(db: Db, userId: string): Promise<StaffStore[]> {
  return db
    .select({
      id: stores.id,
      name: stores.name,
      currency: stores.currency,
      timeZone: stores.timeZone,
      role: storeMemberships.role,
    })
    .from(storeMemberships)
    .innerJoin(stores, eq(stores.id, storeMemberships.storeId))
    .where(eq(storeMemberships.userId, userId))
    .orderBy(asc(stores.name), asc(stores.id));
}

export type StaffProfile = { id: string; email: string; name: string };
