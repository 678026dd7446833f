import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/database";
import { createStaffUser } from "./staff";
import {
  findSessionStaffUser,
  newSessionClaims,
  SESSION_MAX_AGE_SECONDS,
  sessionClaimsOf,
} from "./staff-sessions";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("staff sessions", () => {
  it("end 12 hours after sign-in however often the cookie was refreshed, and need an id", async () => {
    const { db } = database;
    const user = await createStaffUser(db, {
      email: "s@example.com",
      name: "S",
      password: "a long password 1",
      memberships: [],
    });
    const signedIn = new Date("2026-11-27T08:00:00Z");
    const claims = sessionClaimsOf({
      sub: user.id,
      ...newSessionClaims({ id: user.id, sessionVersion: 0 }, signedIn),
    });
    const justBefore = new Date(signedIn.getTime() + SESSION_MAX_AGE_SECONDS * 1000 - 1000);
    expect((await findSessionStaffUser(db, claims, justBefore))?.id).toBe(user.id);
    const at = new Date(signedIn.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
    expect(await findSessionStaffUser(db, claims, at)).toBeUndefined();
    // A token from before sessions had ids (only a subject and a version) is over.
    expect(sessionClaimsOf({ sub: user.id, sv: 0 })).toBeUndefined();
  });
});
