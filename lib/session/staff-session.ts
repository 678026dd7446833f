import "server-only";
import { headers } from "next/headers";
import { connection } from "next/server";
import { getServerSession } from "next-auth";
import { getDb } from "../db";
import { listStaffStores, type StaffProfile, type StaffStore } from "../domain/staff";
import {
  findRemovedStore,
  findSessionStaffUser,
  type SessionToken,
  sessionClaimsOf,
} from "../domain/staff-sessions";
import { getAuthOptions } from "./session-options";

export type StaffSession = { user: StaffProfile; stores: StaffStore[] };

/**
 * The signed-in staff member with their stores, or null. Read from the database on every page load, not
 * from the token, so a sign-out, a removed membership or user takes effect at once.
 */
export async function getStaffSession(): Promise<StaffSession | null> {
  const claims = await sessionCookieClaims();
  if (!claims) return null;
  const db = await getDb();
  const user = await findSessionStaffUser(db, claims);
  if (!user) return null;
  return { user, stores: await listStaffStores(db, user.id) };
}

/** The claims of this request's session cookie (signed by us), whether or not the session is still on. */
async function sessionCookieClaims() {
  // A session is per request: this makes the calling page dynamic before anything is read, so `next build`
  // never prerenders a staff page and never opens the database (it used to, through the auth options).
  await connection();
  const session = await getServerSession(await getAuthOptions({ headers: await headers() }));
  const claims = session?.user as (SessionToken & { id?: unknown }) | undefined;
  return claims ? sessionClaimsOf({ ...claims, sub: claims.id }) : undefined;
}

const STORE_PATH = /^\/stores\/([^/?#]+)/;

/**
 * The store of `path` (`/stores/{id}/…`) when this browser's session belongs to someone removed from it,
 * so the page can say so instead of a bare sign-in form or a 404. The session may have ended (removal
 * from one's last store ends it) but must be theirs: see findRemovedStore.
 */
export async function findStoreLostBySession(path: string): Promise<{ id: string; name: string } | null> {
  const storeId = STORE_PATH.exec(path)?.[1];
  if (!storeId) return null;
  const claims = await sessionCookieClaims();
  if (!claims) return null;
  return (await findRemovedStore(await getDb(), claims, storeId)) ?? null;
}
