import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../auth/password";
import { staffUsers } from "../db/schema";
import { newId } from "../ids";
import { createTestDatabase, type TestDatabase } from "../testing/database";
import { SIGN_IN_LIMITS } from "./sign-in-throttle";
import { signInStaff } from "./staff-sign-in";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const PASSWORD = "correct horse battery";
const unique = () => Math.random().toString(36).slice(2);

async function staffUser(): Promise<string> {
  const email = `member-${unique()}@example.com`;
  // Cheap hashing parameters: the tests are about counting, not about scrypt's cost.
  const passwordHash = await hashPassword(PASSWORD, { N: 2 ** 10, r: 8, p: 1 });
  await database.db
    .insert(staffUsers)
    .values({ id: newId("staffUser"), email, name: "Member", passwordHash });
  return email;
}

const attempt = (email: string, password: string, clientAddress = `10.0.0.${unique()}`) => ({
  email,
  password,
  clientAddress,
});

describe("staff sign-in throttle", () => {
  it("counts concurrent attempts before checking any: a burst cannot slip the right password in", async () => {
    const email = await staffUser();
    const attempts = Array.from({ length: 20 }, (_, i) =>
      signInStaff(database.db, attempt(email, i === 19 ? PASSWORD : `wrong ${i}`)),
    );
    const results = await Promise.all(attempts);
    expect(results.some((result) => result.ok)).toBe(false);
    expect(results.filter((result) => !result.ok && result.reason === "throttled")).toHaveLength(
      20 - SIGN_IN_LIMITS.account.attempts,
    );
  });

  it("answers an unknown e-mail exactly as a known one, attempt by attempt, until the window ends", async () => {
    const known = await staffUser();
    const unknown = `nobody-${unique()}@example.com`;
    const now = new Date("2026-11-27T09:00:00Z");
    const answers = async (email: string) => {
      const seen = [];
      for (let i = 0; i <= SIGN_IN_LIMITS.account.attempts; i++) {
        seen.push(await signInStaff(database.db, attempt(email, "wrong password"), now));
      }
      return seen;
    };
    const fromKnown = await answers(known);
    expect(await answers(unknown)).toEqual(fromKnown);
    expect(fromKnown.at(-1)).toEqual({
      ok: false,
      reason: "throttled",
      retryAfter: new Date(now.getTime() + SIGN_IN_LIMITS.account.windowMs),
    });
    const later = new Date(now.getTime() + SIGN_IN_LIMITS.account.windowMs);
    expect((await signInStaff(database.db, attempt(known, PASSWORD), later)).ok).toBe(true);
  });

  it("gives a successful sign-in's attempt back, so only failures use up the limit", async () => {
    const email = await staffUser();
    for (let i = 0; i < SIGN_IN_LIMITS.account.attempts - 1; i++) {
      expect(await signInStaff(database.db, attempt(email, "wrong"))).toEqual({
        ok: false,
        reason: "invalid",
      });
    }
    expect((await signInStaff(database.db, attempt(email, PASSWORD))).ok).toBe(true);
    expect(await signInStaff(database.db, attempt(email, "wrong"))).toEqual({ ok: false, reason: "invalid" });
  });

  it("limits one client address over every e-mail it tries, and no other address", async () => {
    const clientAddress = `192.0.2.${unique()}`;
    const perAccount = SIGN_IN_LIMITS.account.attempts;
    const accounts = Math.ceil(SIGN_IN_LIMITS.address.attempts / perAccount);
    for (let a = 0; a < accounts; a++) {
      const email = await staffUser();
      for (let i = 0; i < perAccount; i++)
        await signInStaff(database.db, attempt(email, "wrong", clientAddress));
    }
    const victim = await staffUser();
    expect(await signInStaff(database.db, attempt(victim, PASSWORD, clientAddress))).toMatchObject({
      ok: false,
      reason: "throttled",
    });
    expect((await signInStaff(database.db, attempt(victim, PASSWORD, "192.0.2.200"))).ok).toBe(true);
  });
});
