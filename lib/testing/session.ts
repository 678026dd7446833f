import { encode } from "next-auth/jwt";
import type { Db } from "../db";
import { getServerSecret } from "../domain/server-secrets";
import { createStaffUser } from "../domain/staff";
import type { StaffRole } from "../enums";

/**
 * Creates a staff user with the given roles and returns the Cookie header of a signed-in session, as
 * next-auth would set it after sign-in. Route tests send it instead of an API secret.
 */
export async function staffSessionCookie(
  db: Db,
  memberships: { storeId: string; role: StaffRole }[],
  name = "Test Staff",
): Promise<{ userId: string; cookie: string }> {
  const email = `staff-${Math.random().toString(36).slice(2)}@example.com`;
  const user = await createStaffUser(db, { email, name, password: "not-used-in-tests", memberships });
  const token = await encode({
    token: { sub: user.id, email, name },
    secret: await getServerSecret(db, "session"),
  });
  return { userId: user.id, cookie: `next-auth.session-token=${token}` };
}
