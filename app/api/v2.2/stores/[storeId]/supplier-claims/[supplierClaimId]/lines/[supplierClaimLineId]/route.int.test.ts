import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addClaimLines, type ClaimLineInput } from "@/lib/domain/suppliers/draft";
import { sendSupplierClaim } from "@/lib/domain/suppliers/lifecycle";
import type { SupplierClaim } from "@/lib/schemas/suppliers";
import { type Caller, callRoute } from "@/lib/testing/api";
import { expectInvalid, expectProblem } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { staffSessionCookie } from "@/lib/testing/session";
import {
  CLAIM_PUBLIC_URL,
  draftClaimOf,
  storedClaim,
  TOTE_RECEIPT_LINES,
} from "@/lib/testing/supplier-claims";
import { DELETE, PATCH } from "./route";

const setup = setupApiTestDatabase();
const publicUrl = CLAIM_PUBLIC_URL;

/** A draft claim of `storeId` as a receipt drafts it, to a supplier of its own. */
const draftClaim = (storeId: string) => draftClaimOf(setup().database.db, storeId);
const claimAsStored = (storeId: string, supplierClaimId: string) =>
  storedClaim(setup().database.db, storeId, supplierClaimId);

const linePath = (storeId: string, claimId: string, lineId: string) =>
  `/stores/${storeId}/supplier-claims/${claimId}/lines/${lineId}`;

function edit(claim: SupplierClaim, lineId: string, body: unknown, auth: Caller, storeId?: string) {
  const store = storeId ?? setup().storeA.id;
  return callRoute<{ supplier_claim: SupplierClaim }>(
    PATCH,
    { storeId: store, supplierClaimId: claim.id, supplierClaimLineId: lineId },
    { method: "PATCH", path: linePath(store, claim.id, lineId), body, ...auth },
  );
}

function remove(claim: SupplierClaim, lineId: string, auth: Caller) {
  const storeId = setup().storeA.id;
  return callRoute<{ supplier_claim: SupplierClaim }>(
    DELETE,
    { storeId, supplierClaimId: claim.id, supplierClaimLineId: lineId },
    { method: "DELETE", path: linePath(storeId, claim.id, lineId), ...auth },
  );
}

const owner = () => ({ secret: setup().storeA.secret });
const lineIds = (claim: SupplierClaim) => claim.lines.map((line) => line.id);

async function eventTotals(claimId: string): Promise<[string, string][]> {
  const { rows } = await setup().database.db.execute<{ type: string; total: string }>(sql`
    select type, payload->'supplier_claim'->'total'->>'amount' as total from events
    where topic = 'supplier_claim' and subject_id = ${claimId} order by seq`);
  return rows.map((row) => [row.type, row.total]);
}

describe("PATCH …/supplier-claims/{supplierClaimId}/lines/{supplierClaimLineId}", () => {
  it("changes unit cost, units (down to 1, up to what was recorded) and reason; the total follows in the same answer and event", async () => {
    const claim = await draftClaim(setup().storeA.id);
    expect(claim.total.amount).toBe("23.00");
    const [damaged, over] = lineIds(claim) as [string, string];

    const costed = await edit(claim, damaged, { supplier_claim_line: { unit_cost: "6.25" } }, owner());
    expect(costed.status).toBe(200);
    expect(costed.body.supplier_claim).toMatchObject({ total: { amount: "26.75" }, unit_count: 5 });
    expect(costed.body.supplier_claim.lines[0]).toMatchObject({
      unit_cost: { amount: "6.25" },
      total: { amount: "18.75" },
    });

    const lowered = await edit(
      claim,
      damaged,
      { supplier_claim_line: { quantity: 1, reason: "wrong_item" } },
      owner(),
    );
    expect(lowered.body.supplier_claim).toMatchObject({ total: { amount: "14.25" }, unit_count: 3 });
    expect(lowered.body.supplier_claim.lines[0]).toMatchObject({
      quantity: 1,
      waived_quantity: 2,
      reason: "wrong_item",
    });
    // Back up to what the receipt recorded, never past it.
    const raised = await edit(claim, damaged, { supplier_claim_line: { quantity: 3 } }, owner());
    expect(raised.body.supplier_claim.lines[0]).toMatchObject({ quantity: 3, waived_quantity: 0 });
    expectInvalid(
      await edit(claim, damaged, { supplier_claim_line: { quantity: 4 } }, owner()),
      "supplier-claim",
      ["supplier_claim_line.quantity"],
    );
    // An over line keeps its reason; a discrepancy line cannot become over.
    expectInvalid(
      await edit(claim, over, { supplier_claim_line: { reason: "damaged" } }, owner()),
      "supplier-claim",
      ["supplier_claim_line.reason"],
    );
    expectInvalid(
      await edit(claim, damaged, { supplier_claim_line: { reason: "over" } }, owner()),
      "supplier-claim",
      ["supplier_claim_line.reason"],
    );

    const unchanged = await edit(claim, damaged, { supplier_claim_line: { unit_cost: "6.250" } }, owner());
    expectInvalid(unchanged, "supplier-claim", ["supplier_claim_line.unit_cost"]);
    const same = await edit(claim, damaged, { supplier_claim_line: { unit_cost: "6.25" } }, owner());
    expect(same.body.supplier_claim.updated_at).toBe(raised.body.supplier_claim.updated_at);

    const after = await claimAsStored(setup().storeA.id, claim.id);
    expect(after.total.amount).toBe("26.75");
    expect(after.history.map((event) => event.kind)).toEqual([
      "drafted",
      "line_edited",
      "line_edited",
      "line_edited",
    ]);
    expect(after.history[2]?.note).toBe("Canvas tote (TOTE-1): units 3 → 1, reason damaged → wrong_item");
    expect(await eventTotals(claim.id)).toEqual([
      ["created", "23.00"],
      ["updated", "26.75"],
      ["updated", "14.25"],
      ["updated", "26.75"],
    ]);
  });

  it("refuses bad values with a 400 naming the field, and changes nothing", async () => {
    const claim = await draftClaim(setup().storeA.id);
    const [line] = lineIds(claim) as [string];
    const bad: [unknown, string][] = [
      [{ supplier_claim_line: { unit_cost: "-1.00" } }, "supplier_claim_line.unit_cost"],
      [{ supplier_claim_line: { unit_cost: "abc" } }, "supplier_claim_line.unit_cost"],
      [{ supplier_claim_line: { unit_cost: 5 } }, "supplier_claim_line.unit_cost"],
      [{ supplier_claim_line: { quantity: 0 } }, "supplier_claim_line.quantity"],
      [{ supplier_claim_line: { quantity: 1.5 } }, "supplier_claim_line.quantity"],
      [{ supplier_claim_line: { quantity: "2" } }, "supplier_claim_line.quantity"],
      [{ supplier_claim_line: { reason: "lost" } }, "supplier_claim_line.reason"],
      [{ supplier_claim_line: { title: "x" } }, "supplier_claim_line"],
      [{ supplier_claim_line: {} }, "supplier_claim_line"],
    ];
    for (const [body, path] of bad) {
      expectInvalid(await edit(claim, line, body, owner()), "supplier-claim", [path]);
    }
    expect(await claimAsStored(setup().storeA.id, claim.id)).toEqual(claim);
  });

  it("answers 409 naming the status once the claim is sent, and changes nothing", async () => {
    const { database, storeA } = setup();
    const draft = await draftClaim(storeA.id);
    const [line] = lineIds(draft) as [string];
    await sendSupplierClaim(
      database.db,
      { storeId: storeA.id, supplierClaimId: draft.id, actor: { name: "Lead" }, publicUrl },
      {},
    );
    const sent = await claimAsStored(storeA.id, draft.id);
    const refused = expectProblem(
      await edit(draft, line, { supplier_claim_line: { unit_cost: "1.00" } }, owner()),
      409,
      "supplier-claim/wrong-status",
    );
    expect(refused.detail).toContain("SENT");
    expect(
      expectProblem(await remove(draft, line, owner()), 409, "supplier-claim/wrong-status").detail,
    ).toContain("SENT");
    expect(await claimAsStored(storeA.id, draft.id)).toEqual(sent);
  });

  it("is for those who write: a viewer gets 403; another claim's or store's line is a 404", async () => {
    const { database, storeA, storeB } = setup();
    const claim = await draftClaim(storeA.id);
    const other = await draftClaim(storeA.id);
    const foreign = await draftClaim(storeB.id);
    const [line] = lineIds(claim) as [string];
    const change = { supplier_claim_line: { unit_cost: "9.00" } };
    const viewer = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "viewer" }]);
    expectProblem(await edit(claim, line, change, { cookie: viewer.cookie }), 403, "auth/forbidden");
    expectProblem(await remove(claim, line, { cookie: viewer.cookie }), 403, "auth/forbidden");
    const editor = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "editor" }]);
    expectProblem(
      await edit(claim, other.lines[0]?.id as string, change, owner()),
      404,
      "supplier-claim-line/not-found",
    );
    expectProblem(
      await edit(claim, foreign.lines[0]?.id as string, change, owner()),
      404,
      "supplier-claim-line/not-found",
    );
    // Store B's secret on store A's claim: the path's store is not its own.
    expectProblem(await edit(claim, line, change, { secret: storeB.secret }), 403, "auth/forbidden");
    // Store B's claim under store B's path, with store A's credentials: not theirs either.
    expectProblem(
      await edit(foreign, foreign.lines[0]?.id as string, change, owner(), storeB.id),
      403,
      "auth/forbidden",
    );
    expect(await claimAsStored(storeA.id, other.id)).toEqual(other);
    expect(await claimAsStored(storeB.id, foreign.id)).toEqual(foreign);
    const allowed = await edit(claim, line, change, { cookie: editor.cookie });
    expect(allowed.status).toBe(200);
    expect(allowed.body.supplier_claim.total.amount).toBe("35.00");
  });
});

describe("DELETE …/supplier-claims/{supplierClaimId}/lines/{supplierClaimLineId}", () => {
  it("removes a line (its units waived), recomputes the total, and refuses the draft's last line", async () => {
    const { database, storeA } = setup();
    const claim = await draftClaim(storeA.id);
    const [damaged, over] = lineIds(claim) as [string, string];
    const removed = await remove(claim, over, owner());
    expect(removed.status).toBe(200);
    expect(removed.body.supplier_claim).toMatchObject({
      total: { amount: "15.00" },
      line_count: 1,
      unit_count: 3,
    });
    expect(lineIds(removed.body.supplier_claim)).toEqual([damaged]);
    expect(removed.body.supplier_claim.history.at(-1)).toMatchObject({
      kind: "line_removed",
      note: "Canvas tote (TOTE-1): 2 units no longer claimed",
    });
    // The units stay on the line for the books.
    const kept = await database.db.execute<{ quantity: number; waived_quantity: number }>(
      sql`select quantity, waived_quantity from supplier_claim_lines where id = ${over}`,
    );
    expect(kept.rows).toEqual([{ quantity: 0, waived_quantity: 2 }]);
    expectProblem(await remove(claim, over, owner()), 404, "supplier-claim-line/not-found");
    expectProblem(
      await edit(claim, over, { supplier_claim_line: { quantity: 1 } }, owner()),
      404,
      "supplier-claim-line/not-found",
    );
    expectProblem(await remove(claim, damaged, owner()), 409, "supplier-claim/last-line");
    expect(await eventTotals(claim.id)).toEqual([
      ["created", "23.00"],
      ["updated", "15.00"],
    ]);
    // A receipt's later units join after the removed line.
    await database.db.transaction((tx) =>
      addClaimLines(
        tx,
        { storeId: storeA.id, supplierId: claim.supplier.id, actor: { name: "Dock" }, publicUrl },
        [{ ...(TOTE_RECEIPT_LINES[0] as ClaimLineInput), quantity: 1 }],
      ),
    );
    const grown = await claimAsStored(storeA.id, claim.id);
    expect(grown).toMatchObject({ line_count: 2, unit_count: 4, total: { amount: "20.00" } });
  });
});
