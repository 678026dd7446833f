import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as shipments from "@/app/api/v2.2/stores/[storeId]/inbound-shipments/route";
import { staffUsers } from "@/lib/db/schema";
import {
  changeOwnPassword,
  findUserBySetPasswordToken,
  SET_PASSWORD_LINK_TTL_MS,
  setPasswordWithToken,
} from "@/lib/domain/password-links";
import { changeStaffMemberRole, removeStaffMember } from "@/lib/domain/staff-members";
import { findRemovedStore } from "@/lib/domain/staff-sessions";
import { signInStaff } from "@/lib/domain/staff-sign-in";
import { type Caller, callRoute } from "@/lib/testing/api";
import { expectProblem } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { sessionClaimsOfCookie, sessionCookieOf, staffSessionCookie } from "@/lib/testing/session";
import * as member from "./[staffMemberId]/route";
import * as link from "./[staffMemberId]/set-password-link/route";
import * as members from "./route";

const setup = setupApiTestDatabase();
let adminCookie: string;
let adminId: string;

type Member = { id: string; email: string; role: string; status: string };
type Added = {
  staff_member: Member;
  account: string;
  set_password: { url: string; expiresAt: string } | null;
};

const asAdmin = (cookie = adminCookie): Caller => ({ cookie });
const storeId = () => setup().storeA.id;

function add(body: unknown, cookie = adminCookie) {
  return callRoute<Added>(
    members.POST,
    { storeId: storeId() },
    { method: "POST", path: `/stores/${storeId()}/staff-members`, body, ...asAdmin(cookie) },
  );
}
function patchRole(staffMemberId: string, role: string, cookie = adminCookie) {
  return callRoute<{ staff_member: Member }>(
    member.PATCH,
    { storeId: storeId(), staffMemberId },
    {
      method: "PATCH",
      path: `/stores/${storeId()}/staff-members/${staffMemberId}`,
      body: { staff_member: { role } },
      ...asAdmin(cookie),
    },
  );
}
function remove(staffMemberId: string, cookie = adminCookie) {
  return callRoute(
    member.DELETE,
    { storeId: storeId(), staffMemberId },
    { method: "DELETE", path: `/stores/${storeId()}/staff-members/${staffMemberId}`, ...asAdmin(cookie) },
  );
}
function listShipments(cookie: string) {
  return callRoute(
    shipments.GET,
    { storeId: storeId() },
    { path: `/stores/${storeId()}/inbound-shipments`, headers: { cookie } },
  );
}
const tokenOf = (url: string) => new URL(url).searchParams.get("token") ?? "";

/** The cookie next-auth would set after a sign-in, carrying the user's session version then. */
async function sessionCookieFor(userId: string): Promise<string> {
  const { db } = setup().database;
  const [user] = await db.select().from(staffUsers).where(eq(staffUsers.id, userId));
  if (!user) throw new Error(`no user ${userId}`);
  return sessionCookieOf(db, user);
}

beforeAll(async () => {
  const admin = await staffSessionCookie(setup().database.db, [{ storeId: storeId(), role: "admin" }], "Ada");
  adminCookie = admin.cookie;
  adminId = admin.userId;
});

describe("the team API", () => {
  it("adds a new person as invited with a one-time link, lists them, and refuses a second add", async () => {
    const response = await add({
      staff_member: { email: " New.Person@Example.com ", name: "Nia", role: "editor" },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { staff_member, set_password } = response.body;
    expect(staff_member).toMatchObject({
      email: "new.person@example.com",
      role: "editor",
      status: "invited",
    });
    expect(set_password?.url).toMatch(/\/set-password\?token=[A-Za-z0-9_-]{43}$/);
    const expires = Date.parse(set_password?.expiresAt ?? "");
    expect(expires - Date.now()).toBeGreaterThan(SET_PASSWORD_LINK_TTL_MS - 60_000);

    // An invited member cannot sign in until they choose a password.
    expect(
      (
        await signInStaff(setup().database.db, {
          email: "new.person@example.com",
          password: "anything at all",
        })
      ).ok,
    ).toBe(false);

    const list = await callRoute<{ staff_members: Member[] }>(
      members.GET,
      { storeId: storeId() },
      { path: `/stores/${storeId()}/staff-members`, ...asAdmin() },
    );
    expect(list.body.staff_members.map((m) => m.email)).toContain("new.person@example.com");

    const again = await add({
      staff_member: { email: "new.person@example.com", name: "Nia", role: "viewer" },
    });
    expectProblem(again, 409, "staff-member/already-member");
  });

  it("adds someone who already has an account (another store) without a link", async () => {
    const other = await staffSessionCookie(setup().database.db, [
      { storeId: setup().storeB.id, role: "viewer" },
    ]);
    const [user] = await setup().database.db.select().from(staffUsers).where(eq(staffUsers.id, other.userId));
    const response = await add({ staff_member: { email: user?.email, name: "ignored", role: "viewer" } });
    expect(response.status).toBe(201);
    expect(response.body.set_password).toBeNull();
    expect(response.body.account).toBe("existing");
    expect(response.body.staff_member).toMatchObject({ id: other.userId, status: "active" });
    // Their account works in two stores: another store's admin may not issue them a link.
    const refused = await callRoute(
      link.POST,
      { storeId: storeId(), staffMemberId: other.userId },
      {
        method: "POST",
        path: `/stores/${storeId()}/staff-members/${other.userId}/set-password-link`,
        ...asAdmin(),
      },
    );
    expectProblem(refused, 409, "staff-member/link-not-allowed");
  });

  it.each([
    ["no email", { staff_member: { name: "X", role: "viewer" } }],
    ["a bad email", { staff_member: { email: "not-an-email", name: "X", role: "viewer" } }],
    ["an unknown role", { staff_member: { email: "x@example.com", name: "X", role: "owner" } }],
    ["an empty name", { staff_member: { email: "x@example.com", name: "  ", role: "viewer" } }],
    [
      "an extra field",
      { staff_member: { email: "x@example.com", name: "X", role: "viewer", password: "p" } },
    ],
  ])("refuses %s with a 400 problem", async (_name, body) => {
    expectProblem(await add(body), 400, "staff-member/invalid-request");
  });

  it("never lets the store lose its last admin, even with two demotions at once", async () => {
    expectProblem(await patchRole(adminId, "editor"), 409, "staff-member/last-admin");
    expectProblem(await remove(adminId), 409, "staff-member/last-admin");

    const second = await add({
      staff_member: { email: "second.admin@example.com", name: "Sam", role: "admin" },
    });
    const secondId = second.body.staff_member.id;
    // Two demotions at once, each leaving the other as the last admin: exactly one may pass.
    const { db } = setup().database;
    const results = await Promise.allSettled([
      changeStaffMemberRole(db, storeId(), adminId, "viewer"),
      changeStaffMemberRole(db, storeId(), secondId, "viewer"),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((r) => r.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason).toMatchObject({
      code: "staff-member/last-admin",
    });
    // Put things back for the next tests.
    await changeStaffMemberRole(db, storeId(), adminId, "admin");
    await removeStaffMember(db, storeId(), secondId);
  });

  it("a removed member's next request is refused, and a user left without a store loses every session", async () => {
    const added = await add({ staff_member: { email: "leaving@example.com", name: "Lee", role: "editor" } });
    const id = added.body.staff_member.id;
    expect(
      await setPasswordWithToken(
        setup().database.db,
        tokenOf(added.body.set_password?.url ?? ""),
        "lighthouse keeper 9",
      ),
    ).toEqual({
      email: "leaving@example.com",
    });
    const cookie = await sessionCookieFor(id);
    expect((await listShipments(cookie)).status).toBe(200);
    expect((await remove(id)).status).toBe(204);
    expectProblem(await listShipments(cookie), 401, "auth/unauthorized");
    expectProblem(await remove(id), 404, "staff-member/not-found");

    // Their ended session still proves who they are: enough to tell them which store they lost, and
    // nothing about any other store.
    const { db } = setup().database;
    const claims = await sessionClaimsOfCookie(db, cookie);
    expect(await findRemovedStore(db, claims, storeId())).toMatchObject({
      id: storeId(),
      name: expect.any(String),
    });
    expect(await findRemovedStore(db, claims, setup().storeB.id)).toBeUndefined();

    // Added again: the membership is restored, with the password they had (no link), and the note is gone.
    const again = await add({ staff_member: { email: "leaving@example.com", name: "Lee", role: "viewer" } });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({
      account: "restored",
      set_password: null,
      staff_member: { id, role: "viewer", status: "active" },
    });
    expect(await findRemovedStore(db, claims, storeId())).toBeUndefined();
    expect(
      (await signInStaff(db, { email: "leaving@example.com", password: "lighthouse keeper 9" })).ok,
    ).toBe(true);
  });

  it("re-adding someone removed before they chose a password gives them a new link", async () => {
    const added = await add({
      staff_member: { email: "never.came@example.com", name: "Nev", role: "viewer" },
    });
    const id = added.body.staff_member.id;
    const firstToken = tokenOf(added.body.set_password?.url ?? "");
    expect((await remove(id)).status).toBe(204);
    const again = await add({
      staff_member: { email: "never.came@example.com", name: "Nev", role: "editor" },
    });
    expect(again.body).toMatchObject({ account: "restored", staff_member: { id, status: "invited" } });
    const token = tokenOf(again.body.set_password?.url ?? "");
    expect(token).not.toBe(firstToken);
    const { db } = setup().database;
    expect(await findUserBySetPasswordToken(db, firstToken)).toBeNull();
    expect(await setPasswordWithToken(db, token, "second chance harbour")).toEqual({
      email: "never.came@example.com",
    });
  });

  it("a role change takes effect on the next request", async () => {
    const added = await add({
      staff_member: { email: "viewer.soon@example.com", name: "Vic", role: "admin" },
    });
    const id = added.body.staff_member.id;
    await setPasswordWithToken(
      setup().database.db,
      tokenOf(added.body.set_password?.url ?? ""),
      "granite harbour 77",
    );
    const cookie = await sessionCookieFor(id);
    expect(
      (await add({ staff_member: { email: "by-vic@example.com", name: "B", role: "viewer" } }, cookie))
        .status,
    ).toBe(201);
    expect((await patchRole(id, "viewer")).status).toBe(200);
    expectProblem(
      await add({ staff_member: { email: "by-vic-2@example.com", name: "B", role: "viewer" } }, cookie),
      403,
      "auth/forbidden",
    );
    expect((await listShipments(cookie)).status).toBe(200);
  });
});

describe("set-password links and password changes", () => {
  it("a link works once, before it expires, and ends earlier sessions", async () => {
    const { db } = setup().database;
    const added = await add({ staff_member: { email: "linked@example.com", name: "Lin", role: "viewer" } });
    const token = tokenOf(added.body.set_password?.url ?? "");
    expect(await findUserBySetPasswordToken(db, token)).toMatchObject({ email: "linked@example.com" });
    const [row] = await db.select().from(staffUsers).where(eq(staffUsers.email, "linked@example.com"));
    expect(row?.setPasswordTokenHash).not.toBe(token);

    const late = new Date(Date.now() + SET_PASSWORD_LINK_TTL_MS + 1000);
    expect(await setPasswordWithToken(db, token, "a fine new password", late)).toBeNull();
    expect(await setPasswordWithToken(db, token, "a fine new password")).toEqual({
      email: "linked@example.com",
    });
    expect(await setPasswordWithToken(db, token, "another password here")).toBeNull();
    expect(await findUserBySetPasswordToken(db, token)).toBeNull();
    expect((await signInStaff(db, { email: "linked@example.com", password: "a fine new password" })).ok).toBe(
      true,
    );

    // A reset link (re-issued by the admin of their only store) ends the sessions issued before it is used.
    const cookie = await sessionCookieFor(row?.id as string);
    expect((await listShipments(cookie)).status).toBe(200);
    const reissued = await callRoute<{ set_password: { url: string } }>(
      link.POST,
      { storeId: storeId(), staffMemberId: row?.id as string },
      {
        method: "POST",
        path: `/stores/${storeId()}/staff-members/${row?.id}/set-password-link`,
        ...asAdmin(),
      },
    );
    expect(reissued.status).toBe(201);
    expect((await listShipments(cookie)).status).toBe(200);
    await setPasswordWithToken(db, tokenOf(reissued.body.set_password.url), "reset password now");
    expectProblem(await listShipments(cookie), 401, "auth/unauthorized");
  });

  it("changing one's own password needs the current one and ends the old sessions", async () => {
    const { db } = setup().database;
    const added = await add({ staff_member: { email: "changer@example.com", name: "Cy", role: "viewer" } });
    const id = added.body.staff_member.id;
    await setPasswordWithToken(db, tokenOf(added.body.set_password?.url ?? ""), "first long password");
    const cookie = await sessionCookieFor(id);
    expect(
      await changeOwnPassword(db, id, { currentPassword: "wrong one", newPassword: "second long password" }),
    ).toBe("wrong-password");
    expect((await listShipments(cookie)).status).toBe(200);
    expect(
      await changeOwnPassword(db, id, {
        currentPassword: "first long password",
        newPassword: "second long password",
      }),
    ).toBe("changed");
    expectProblem(await listShipments(cookie), 401, "auth/unauthorized");
    expect(
      (await signInStaff(db, { email: "changer@example.com", password: "second long password" })).ok,
    ).toBe(true);
    expect((await listShipments(await sessionCookieFor(id))).status).toBe(200);
  });
});
