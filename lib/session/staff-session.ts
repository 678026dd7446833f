import "server-only";
import { headers } from "next/headers";
import { connection } from "next/server";
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
  // A session is per request: this makes the calling page dynamic before anything is read, so `next build`
  // never prerenders a staff page and never opens the database (it used to, through the auth options).
  await connection();
  const session = await getServerSession(await getAuthOptions(await headers()));
  const claims = session?.user as { id?: string; sv?: number } | undefined;
  if (!claims?.id) return null;
  const db = await getDb();
  const user = await findStaffProfile(db, claims.id);
  // A session issued before the user's last password change or removal is over.
  if (!user || user.sessionVersion !== (claims.sv ?? 0)) return null;
  return {
    user: { id: user.id, email: user.email, name: user.name },
    stores: await listStaffStores(db, user.id),
  };
}
