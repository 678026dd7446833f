import "server-only";
import { getServerSession } from "next-auth";
import { getDb } from "../db";
import { findStaffProfile, listStaffStores, type StaffProfile, type StaffStore } from "../domain/staff";
import { getAuthOptions } from "./session-options";

export type StaffSession = { user: StaffProfile; stores: StaffStore[] };

/**
 * The signed-in staff member with their stores, or null. Read from the database on every page load, not
 * from the token, so a removed membership or user takes effect at once.
 */
export async function getStaffSession(): Promise<StaffSession | null> {
  const session = await getServerSession(await getAuthOptions());
  const userId = (session?.user as { id?: string } | undefined)?.id;
  if (!userId) return null;
  const db = await getDb();
  const user = await findStaffProfile(db, userId);
  if (!user) return null;
  return { user, stores: await listStaffStores(db, user.id) };
}
