import "server-only";
import { headers } from "next/headers";
import { connection } from "next/server";
import { getServerSession } from "next-auth";
import { getDb } from "../db";
import { listStaffStores, type StaffProfile, type StaffStore } from "../domain/staff";
import { findSessionStaffUser, type SessionToken, sessionClaimsOf } from "../domain/staff-sessions";
import { getAuthOptions } from "./session-options";

export type StaffSession = { user: StaffProfile; stores: StaffStore[] };

/**
 * The signed-in staff member with their stores, or null. Read from the database on every page load, not
 * from the token, so a sign-out, a removed membership or user takes effect at once.
 */
export async function getStaffSession(): Promise<StaffSession | null> {
  // A session is per request: this makes the calling page dynamic before anything is read, so `next build`
  // never prerenders a staff page and never opens the database (it used to, through the auth options).
  await connection();
  const session = await getServerSession(await getAuthOptions({ headers: await headers() }));
  const claims = session?.user as (SessionToken & { id?: unknown }) | undefined;
  if (!claims) return null;
  const db = await getDb();
  const user = await findSessionStaffUser(db, sessionClaimsOf({ ...claims, sub: claims.id }));
  if (!user) return null;
  return { user, stores: await listStaffStores(db, user.id) };
}
