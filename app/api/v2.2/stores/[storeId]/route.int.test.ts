import { describe, expect, it } from "vitest";
import { getSupplierClaim } from "@/lib/domain/suppliers/claim-read";
import { addClaimLines } from "@/lib/domain/suppliers/draft";
import { createSupplier } from "@/lib/domain/suppliers/suppliers";
import type { Store } from "@/lib/schemas/stores";
import { type Caller, callRoute, unservedMethod } from "@/lib/testing/api";
import { expectInvalid, expectProblem } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { staffSessionCookie } from "@/lib/testing/session";
import { GET, PATCH } from "./route";

// The server answers methods a route does not export (405 with the path's Allow).
const POST = unservedMethod;

const setup = setupApiTestDatabase();

const read = (storeId: string, auth: Caller) =>
  callRoute<{ store: Store }>(GET, { storeId }, { path: `/stores/${storeId}`, ...auth });

const patch = (storeId: string, body: unknown, auth: Caller) =>
  callRoute<{ store: Store }>(
    PATCH,
    { storeId },
    { method: "PATCH", path: `/stores/${storeId}`, ...auth, body },
  );

describe("GET /stores/{storeId}", () => {
  it("answers the store's settings to any member, 403 to a member of another store only", async () => {
    const { database, storeA, storeB } = setup();
    const { cookie } = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "viewer" }]);
    const response = await read(storeA.id, { cookie });
    expect(response.status).toBe(200);
    expect(response.body.store).toMatchObject({
      id: storeA.id,
      name: "Store A",
      currency: "USD",
      timeZone: "UTC",
    });
    expectProblem(await read(storeB.id, { cookie }), 403, "auth/forbidden");
  });
});

describe("PATCH /stores/{storeId}", () => {
  it("changes name, currency and time zone (canonical spelling), and a no-op keeps updatedAt", async () => {
    const { storeA } = setup();
    const auth = { secret: storeA.secret };
    const before = (await read(storeA.id, auth)).body.store;
    const changed = await patch(
      storeA.id,
      { store: { name: " Store A (EU) ", currency: "eur", timeZone: "europe/berlin" } },
      auth,
    );
    expect(changed.status).toBe(200);
    expect(changed.body.store).toMatchObject({
      name: "Store A (EU)",
      currency: "EUR",
      timeZone: "Europe/Berlin",
    });
    expect(changed.body.store.updatedAt >= before.updatedAt).toBe(true);
    expect((await read(storeA.id, auth)).body.store).toEqual(changed.body.store);
    const again = await patch(storeA.id, { store: { currency: "EUR" } }, auth);
    expect(again.body.store.updatedAt).toBe(changed.body.store.updatedAt);
  });

  it("refuses unknown currencies and zones, empty names, unknown keys and an empty change (400 naming the field)", async () => {
    const { storeA } = setup();
    const auth = { secret: storeA.secret };
    const before = (await read(storeA.id, auth)).body.store;
    expectInvalid(await patch(storeA.id, { store: { currency: "XYZ" } }, auth), "store", ["store.currency"]);
    expectInvalid(await patch(storeA.id, { store: { timeZone: "Mars/Olympus" } }, auth), "store", [
      "store.timeZone",
    ]);
    expectInvalid(await patch(storeA.id, { store: { name: "  " } }, auth), "store", ["store.name"]);
    expectInvalid(await patch(storeA.id, { store: { id: "str_x" } }, auth), "store", ["store"]);
    expectInvalid(await patch(storeA.id, { store: {} }, auth), "store", ["store"]);
    expect((await read(storeA.id, auth)).body.store).toEqual(before);
  });

  it("sets the supplier claim due days (1 to 365): a claim drafted afterwards is due that many days later", async () => {
    const { database, storeA } = setup();
    const auth = { secret: storeA.secret };
    expect((await read(storeA.id, auth)).body.store.supplierClaimDueDays).toBe(30);
    for (const bad of [0, 366, 1.5, "45", null, -3]) {
      expectInvalid(await patch(storeA.id, { store: { supplierClaimDueDays: bad } }, auth), "store", [
        "store.supplierClaimDueDays",
      ]);
    }
    expect((await read(storeA.id, auth)).body.store.supplierClaimDueDays).toBe(30);
    const changed = await patch(storeA.id, { store: { supplierClaimDueDays: 45 } }, auth);
    expect(changed.status).toBe(200);
    expect(changed.body.store.supplierClaimDueDays).toBe(45);
    expect((await patch(storeA.id, { store: { supplierClaimDueDays: 365 } }, auth)).status).toBe(200);
    expect((await patch(storeA.id, { store: { supplierClaimDueDays: 1 } }, auth)).status).toBe(200);
    const supplier = await createSupplier(database.db, storeA.id, {
      name: "Due Co",
      email: "due@example.com",
    });
    const claimId = await database.db.transaction((tx) =>
      addClaimLines(
        tx,
        { storeId: storeA.id, supplierId: supplier.id, actor: { name: "Test" }, publicUrl: "http://x" },
        [
          {
            reason: "missing",
            quantity: 1,
            unitCost: "1.00",
            title: "Widget",
            sku: null,
            variantId: null,
            receiptId: "rcp_StoreRouteTestReceipt0000",
          },
        ],
      ),
    );
    const claim = await getSupplierClaim(database.db, {
      storeId: storeA.id,
      supplierClaimId: claimId as string,
      publicUrl: "http://x",
    });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(claim.due_date).toBe(tomorrow);
  });

  it("is for admins: editors and viewers get 403 and change nothing", async () => {
    const { database, storeA } = setup();
    const before = (await read(storeA.id, { secret: storeA.secret })).body.store;
    for (const role of ["editor", "viewer"] as const) {
      const { cookie } = await staffSessionCookie(database.db, [{ storeId: storeA.id, role }]);
      expectProblem(
        await patch(storeA.id, { store: { name: "Hijacked", supplierClaimDueDays: 9 } }, { cookie }),
        403,
        "auth/forbidden",
      );
    }
    expect((await read(storeA.id, { secret: storeA.secret })).body.store).toEqual(before);
    const { cookie } = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "admin" }]);
    expect((await patch(storeA.id, { store: { name: "Store A" } }, { cookie })).status).toBe(200);
  });

  it("answers POST with 405 and the path's Allow", async () => {
    const { storeA } = setup();
    const response = await callRoute(
      POST,
      { storeId: storeA.id },
      { method: "POST", path: `/stores/${storeA.id}`, secret: storeA.secret, body: {} },
    );
    expectProblem(response, 405, "request/method-not-allowed");
    expect(response.headers.get("allow")).toBe("GET, PATCH");
  });
});
