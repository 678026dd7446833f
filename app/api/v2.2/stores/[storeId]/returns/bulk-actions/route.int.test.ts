import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { returns } from "@/lib/db/schema";
import type { BulkReturnResult } from "@/lib/schemas/return-bulk";
import { callRoute } from "@/lib/testing/api";
import { expectInvalid, expectProblem, setupDemoRouteTest, unknownId } from "@/lib/testing/api-helpers";
import { returnActivitiesOf, returnEvents, returnIn } from "@/lib/testing/return-lifecycle";
import { POST } from "./route";

const { setup, cookies, owner } = setupDemoRouteTest();

type Answer = { results: BulkReturnResult[]; succeeded: number; failed: number };
const bulk = (body: unknown, auth = owner()) => {
  const { demoA } = setup();
  return callRoute<Answer>(
    POST,
    { storeId: demoA.id },
    { method: "POST", path: `/stores/${demoA.id}/returns/bulk-actions`, body, ...auth },
  );
};
const statusOf = async (returnId: string) => {
  const [row] = await setup()
    .database.db.select({ s: returns.status })
    .from(returns)
    .where(eq(returns.id, returnId));
  return row?.s;
};

describe("POST /stores/{storeId}/returns/bulk-actions", () => {
  it("approves the returns in review and answers a refusal for each other id, leaking nothing", async () => {
    const { database, demoA, demoB } = setup();
    const a = await returnIn(database.db, demoA.id, "pre_shipment");
    const b = await returnIn(database.db, demoA.id, "pre_shipment");
    const open = await returnIn(database.db, demoA.id, "open");
    const foreign = await returnIn(database.db, demoB.id, "pre_shipment");
    const unknown = unknownId("ret");
    const ids = [a.returnId, open.returnId, foreign.returnId, unknown, b.returnId, a.returnId];
    const response = await bulk({ action: "approve", return_ids: ids });
    expect(response.status, response.text).toBe(200);
    expect(response.body.succeeded).toBe(2);
    expect(response.body.failed).toBe(3);
    // One result per distinct id, in request order.
    expect(response.body.results.map((r) => r.id)).toEqual(ids.slice(0, 5));
    const [first, second, third, fourth, fifth] = response.body.results;
    expect(first).toEqual({ id: a.returnId, ok: true });
    expect(fifth).toEqual({ id: b.returnId, ok: true });
    expect(second).toMatchObject({ ok: false, error: { status: 409, code: "return/invalid-transition" } });
    // Another store's return is refused exactly as an unknown one: same status, code and wording.
    expect(third).toMatchObject({ ok: false, error: { status: 404, code: "return/not-found" } });
    expect(fourth).toMatchObject({ ok: false, error: { status: 404, code: "return/not-found" } });
    expect(JSON.stringify(third)).not.toContain("pre_shipment");
    expect(await statusOf(a.returnId)).toBe("open");
    expect(await statusOf(b.returnId)).toBe("open");
    expect(await statusOf(foreign.returnId)).toBe("pre_shipment");
    expect(await returnEvents(database.db, open.returnId)).toHaveLength(0);
    expect(await returnEvents(database.db, a.returnId)).toHaveLength(1);
  });

  it("flags (the status flagged) and unflags (back where each was), each return with its own activity and event", async () => {
    const { database, demoA } = setup();
    const picked = [
      await returnIn(database.db, demoA.id, "open"),
      await returnIn(database.db, demoA.id, "delivered"),
    ];
    const ids = picked.map((p) => p.returnId);
    const flagged = await bulk({ action: "flag", return_ids: ids });
    expect(flagged.body).toMatchObject({ succeeded: 2, failed: 0 });
    for (const id of ids) {
      expect(await statusOf(id)).toBe("flagged");
      expect((await returnActivitiesOf(database.db, id)).map((x) => x.kind)).toEqual(["status_changed"]);
    }
    const unflagged = await bulk({ action: "unflag", return_ids: ids });
    expect(unflagged.body).toMatchObject({ succeeded: 2, failed: 0 });
    expect(await Promise.all(ids.map(statusOf))).toEqual(["open", "delivered"]);
    for (const id of ids) expect(await returnEvents(database.db, id)).toHaveLength(2);
  });

  it("status moves each allowed return and refuses the others per return; only the published values", async () => {
    const { database, demoA } = setup();
    const open = await returnIn(database.db, demoA.id, "open");
    const review = await returnIn(database.db, demoA.id, "pre_shipment");
    const response = await bulk({
      action: "status",
      status: "complete",
      return_ids: [open.returnId, review.returnId],
    });
    expect(response.body.results[0]).toEqual({ id: open.returnId, ok: true });
    expect(response.body.results[1]).toMatchObject({ ok: false, error: { status: 409 } });
    expect(await statusOf(open.returnId)).toBe("complete");
    expect(await statusOf(review.returnId)).toBe("pre_shipment");
    expectInvalid(
      await bulk({ action: "status", status: "in_transit", return_ids: [review.returnId] }),
      "return",
      ["status"],
    );
  });

  it("select all matching: the filter's returns, or 400 naming the limit past 500", async () => {
    const { database, demoA } = setup();
    const target = await returnIn(database.db, demoA.id, "in_transit");
    await database.db
      .update(returns)
      .set({ sourceEmail: "bulk-filter-probe@example.com" })
      .where(eq(returns.id, target.returnId));
    const response = await bulk({ action: "flag", filter: { q: "bulk-filter-probe" } });
    expect(response.status, response.text).toBe(200);
    expect(response.body.results).toEqual([{ id: target.returnId, ok: true }]);

    const ids = Array.from({ length: 501 }, () => unknownId("ret"));
    expectInvalid(await bulk({ action: "flag", return_ids: ids }), "return", ["return_ids"]);
    // 501 copies of one return under a search only they match: one past the limit.
    const [row] = await database.db.select().from(returns).where(eq(returns.id, target.returnId));
    if (!row) throw new Error("the picked return is gone");
    const copies = Array.from({ length: 501 }, (_, i) => ({
      ...row,
      id: `ret_bulklimit${String(i).padStart(4, "0")}`,
      sourceEmail: "bulk-limit-probe@example.com",
    }));
    await database.db.insert(returns).values(copies);
    const tooMany = await bulk({ action: "flag", filter: { q: "bulk-limit-probe" } });
    expectInvalid(tooMany, "return", ["filter"]);
    expect((tooMany.body as unknown as { detail: string }).detail).toContain("500");
    await database.db.delete(returns).where(eq(returns.sourceEmail, "bulk-limit-probe@example.com"));
  });

  it("refuses bad bodies: both or neither of ids and filter, status without its action", async () => {
    const id = unknownId("ret");
    expectInvalid(await bulk({ action: "flag" }), "return", ["return_ids"]);
    expectInvalid(await bulk({ action: "flag", return_ids: [id], filter: {} }), "return", ["return_ids"]);
    expectInvalid(await bulk({ action: "status", return_ids: [id] }), "return", ["status"]);
    expectInvalid(await bulk({ action: "flag", status: "open", return_ids: [id] }), "return", ["status"]);
    expectInvalid(await bulk({ action: "delete", return_ids: [id] }), "return", ["action"]);
    expectInvalid(await bulk({ action: "flag", filter: { status: "nope" } }), "return", ["filter.status"]);
  });

  it("admins only: a viewer and an editor get 403, an admin's session is served", async () => {
    const { database, demoA } = setup();
    const { returnId } = await returnIn(database.db, demoA.id, "open");
    const body = { action: "flag", return_ids: [returnId] };
    for (const role of ["viewer", "editor"] as const) {
      expectProblem(await bulk(body, { cookie: cookies[role] }), 403, "auth/forbidden");
    }
    expect(await returnEvents(database.db, returnId)).toHaveLength(0);
    const admin = await bulk(body, { cookie: cookies.admin });
    expect(admin.body).toMatchObject({ succeeded: 1 });
  });
});
