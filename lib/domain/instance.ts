import { count } from "drizzle-orm";
import type { Db } from "../db";
import { instanceSettings, staffUsers } from "../db/schema";

/**
 * True when the demo seeder loaded this database. Only then are demo logins listed on the sign-in page and
 * demo secrets printed at start-up; a database someone set up for a store never has the flag.
 */
export async function isDemoDatabase(db: Db): Promise<boolean> {
  const [row] = await db.select({ demo: instanceSettings.demo }).from(instanceSettings).limit(1);
  return row?.demo ?? false;
}

/** True while nobody can sign in: the state in which start-up prints a setup link. */
export async function hasNoStaff(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(staffUsers);
  return (row?.n ?? 0) === 0;
}
