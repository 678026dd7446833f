import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addClaimLines, type ClaimLineInput } from "@/lib/domain/suppliers/draft";
import { discardSupplierClaim, sendSupplierClaim } from "@/lib/domain/suppliers/lifecycle";
import { removeSupplierClaimLine } from "@/lib/domain/suppliers/line-edits";
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
import { POST } from "./route";

const setup = setupApiTestDatabase();
const publicUrl = CLAIM_PUBLIC_URL;

/** A draft claim of `storeId` as a receipt drafts it, to a supplier of its own. */
const draftClaim = (storeId: string) => draftClaimOf(setup().database.db, storeId);
const claimAsStored = (storeId: string, supplierClaimId: string) =>
  storedClaim(setup().database.db, storeId, supplierClaimId);

function discard(claim: SupplierClaim, body: unknown, auth: Caller, storeId?: string) {
  const store = storeId ?? setup().storeA.id;
  return callRoute<{ supplier_claim: SupplierClaim }>(
    POST,
    { storeId: store, supplierClaimId: claim.id },
    { method: "POST", path: `/stores/${store}/supplier-claims/${claim.id}/discard`, body, ...auth },
  );
}

const owner = () => ({ secret: setup().storeA.secret });

async function lineUnits(claimId: string) {
  const { rows } = await setup().database.db.execute<{ quantity: number; waived_quantity: number }>(sql`
    select quantity, waived_quantity from supplier_claim_lines where claim_id = ${claimId} order by position, id`);
  return rows;
}

async function eventTotals(claimId: string): Promise<[string, string, string][]> {
  const { rows } = await setup().database.db.execute<{ type: string; status: string; total: string }>(sql`
    select type, payload->'supplier_claim'->>'status' as status,
      payload->'supplier_claim'->'total'->>'amount' as total
    from events where topic = 'supplier_claim' and subject_id = ${claimId} order by seq`);
  return rows.map((row) => [row.type, row.status, row.total]);
}

describe("POST …/supplier-claims/{supplierClaimId}/discard", () => {
  it("discards a draft: every claimed unit waived, no lines, zero total, history and event; later units open a new draft", async () => {
    const { database, storeA } = setup();
    const claim = await draftClaim(storeA.id);
    // The way out the last-line rule leaves: one line removed, the other cannot be; the draft can go.
    await removeSupplierClaimLine(database.db, {
      storeId: storeA.id,
      supplierClaimId: claim.id,
      supplierClaimLineId: claim.lines[1]?.id as string,
      actor: { name: "Lead" },
      publicUrl,
    });
    const editor = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "editor" }]);
    const discarded = await discard(
      claim,
      { supplier_claim: { note: "  Supplier replaced the totes  " } },
      { cookie: editor.cookie },
    );
    expect(discarded.status).toBe(200);
    const answer = discarded.body.supplier_claim;
    expect(answer).toMatchObject({
      status: "DISCARDED",
      lines: [],
      line_count: 0,
      unit_count: 0,
      total: { amount: "0.00", currency: "USD" },
      credited: null,
    });
    expect(answer.resolved_at).toEqual(expect.any(String));
    expect(answer.sent_at).toBeNull();
    expect(answer.history.at(-1)).toMatchObject({
      kind: "discarded",
      actor: expect.any(String),
      note: "3 units on 1 line no longer claimed. Supplier replaced the totes",
    });
    expect(await claimAsStored(storeA.id, claim.id)).toEqual(answer);
    // Every unit the receipt recorded is still on its line, now waived.
    expect(await lineUnits(claim.id)).toEqual([
      { quantity: 0, waived_quantity: 3 },
      { quantity: 0, waived_quantity: 2 },
    ]);
    expect(await eventTotals(claim.id)).toEqual([
      ["created", "DRAFT", "23.00"],
      ["updated", "DRAFT", "15.00"],
      ["updated", "DISCARDED", "0.00"],
    ]);
    // The supplier's next units open a new draft; the discarded claim keeps nothing new.
    const next = await database.db.transaction((tx) =>
      addClaimLines(
        tx,
        { storeId: storeA.id, supplierId: claim.supplier.id, actor: { name: "Dock" }, publicUrl },
        [{ ...(TOTE_RECEIPT_LINES[0] as ClaimLineInput), quantity: 1 }],
      ),
    );
    expect(next).not.toBe(claim.id);
    expect(await claimAsStored(storeA.id, next as string)).toMatchObject({ status: "DRAFT", unit_count: 1 });
    expect(await claimAsStored(storeA.id, claim.id)).toEqual(answer);
  });

  it("racing a receipt's lines and another discard: one discard wins, the lines are waived with it or open a new draft", async () => {
    const { database, storeA } = setup();
    const claim = await draftClaim(storeA.id);
    const context = { storeId: storeA.id, supplierClaimId: claim.id, actor: { name: "Lead" }, publicUrl };
    const outcomes = await Promise.allSettled([
      discardSupplierClaim(database.db, context, {}),
      database.db.transaction((tx) =>
        addClaimLines(
          tx,
          { storeId: storeA.id, supplierId: claim.supplier.id, actor: { name: "Dock" }, publicUrl },
          [{ ...(TOTE_RECEIPT_LINES[0] as ClaimLineInput), quantity: 1 }],
        ),
      ),
      discardSupplierClaim(database.db, context, {}),
    ]);
    const discards = [outcomes[0], outcomes[2]];
    expect(discards.filter((outcome) => outcome?.status === "fulfilled")).toHaveLength(1);
    expect(outcomes[1]?.status).toBe("fulfilled");
    const { rows } = await database.db.execute<{ status: string; claimed: number; waived: number }>(sql`
      select c.status, coalesce(sum(l.quantity), 0)::int as claimed, coalesce(sum(l.waived_quantity), 0)::int as waived
      from supplier_claims c left join supplier_claim_lines l on l.claim_id = c.id
      where c.supplier_id = ${claim.supplier.id} group by c.id, c.status order by c.status`);
    // Every unit recorded (5 + 1) is on a line: claimed by a new draft or waived by the discarded claim.
    expect(rows.reduce((sum, row) => sum + row.claimed + row.waived, 0)).toBe(6);
    expect(rows.filter((row) => row.status === "DRAFT").length).toBeLessThanOrEqual(1);
    const discarded = rows.find((row) => row.status === "DISCARDED");
    expect(discarded?.claimed).toBe(0);
  });

  it("takes no reason: the history says what was waived", async () => {
    const claim = await draftClaim(setup().storeA.id);
    const discarded = await discard(claim, { supplier_claim: {} }, owner());
    expect(discarded.status).toBe(200);
    expect(discarded.body.supplier_claim.history.at(-1)).toMatchObject({
      kind: "discarded",
      note: "5 units on 2 lines no longer claimed",
    });
  });

  it("answers 409 naming the status for a claim that is not a draft, and changes nothing", async () => {
    const { database, storeA } = setup();
    const sentClaim = await draftClaim(storeA.id);
    await sendSupplierClaim(
      database.db,
      { storeId: storeA.id, supplierClaimId: sentClaim.id, actor: { name: "Lead" }, publicUrl },
      {},
    );
    const sent = await claimAsStored(storeA.id, sentClaim.id);
    const refused = expectProblem(
      await discard(sent, { supplier_claim: {} }, owner()),
      409,
      "supplier-claim/wrong-status",
    );
    expect(refused.detail).toContain("SENT");
    expect(await claimAsStored(storeA.id, sent.id)).toEqual(sent);
    expect(await lineUnits(sent.id)).toEqual([
      { quantity: 3, waived_quantity: 0 },
      { quantity: 2, waived_quantity: 0 },
    ]);

    const draft = await draftClaim(storeA.id);
    expect((await discard(draft, { supplier_claim: {} }, owner())).status).toBe(200);
    const twice = expectProblem(
      await discard(draft, { supplier_claim: {} }, owner()),
      409,
      "supplier-claim/wrong-status",
    );
    expect(twice.detail).toContain("DISCARDED");
    expect((await claimAsStored(storeA.id, draft.id)).history.map((event) => event.kind)).toEqual([
      "drafted",
      "discarded",
    ]);
  });

  it("refuses bad input with a 400 naming the field, and changes nothing", async () => {
    const { storeA } = setup();
    const claim = await draftClaim(storeA.id);
    const cases: [unknown, string][] = [
      [{}, "supplier_claim"],
      [{ supplier_claim: { note: "x".repeat(1001) } }, "supplier_claim.note"],
      [{ supplier_claim: { note: 7 } }, "supplier_claim.note"],
      [{ supplier_claim: { reason: "no" } }, "supplier_claim"],
    ];
    for (const [body, path] of cases) {
      expectInvalid(await discard(claim, body, owner()), "supplier-claim", [path]);
    }
    expect(await claimAsStored(storeA.id, claim.id)).toEqual(claim);
  });

  it("is for those who write, in the claim's own store", async () => {
    const { database, storeA, storeB } = setup();
    const claim = await draftClaim(storeA.id);
    const foreign = await draftClaim(storeB.id);
    const body = { supplier_claim: {} };
    const viewer = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "viewer" }]);
    expectProblem(await discard(claim, body, { cookie: viewer.cookie }), 403, "auth/forbidden");
    // Store B's secret on store A's claim, and store B's claim under store A's path.
    expectProblem(await discard(claim, body, { secret: storeB.secret }), 403, "auth/forbidden");
    expectProblem(await discard(foreign, body, owner()), 404, "supplier-claim/not-found");
    expectProblem(await discard(foreign, body, owner(), storeB.id), 403, "auth/forbidden");
    expect(await claimAsStored(storeA.id, claim.id)).toEqual(claim);
    expect(await claimAsStored(storeB.id, foreign.id)).toEqual(foreign);
  });
});
