import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ValidationError } from "@/lib/domain/errors";
import type { ClaimLineInput } from "@/lib/domain/suppliers/draft";
import { sendSupplierClaim } from "@/lib/domain/suppliers/lifecycle";
import { removeSupplierClaimLine, updateSupplierClaimLine } from "@/lib/domain/suppliers/line-edits";
import type { SupplierClaim } from "@/lib/schemas/suppliers";
import { type Caller, callRoute } from "@/lib/testing/api";
import { expectInvalid, expectProblem } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { insertVariant } from "@/lib/testing/fixtures";
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
const draftClaim = (storeId: string) =>
  draftClaimOf(setup().database.db, storeId, [TOTE_RECEIPT_LINES[0] as ClaimLineInput]);
const claimAsStored = (storeId: string, supplierClaimId: string) =>
  storedClaim(setup().database.db, storeId, supplierClaimId);

function addLine(claim: SupplierClaim, body: unknown, auth: Caller, storeId?: string) {
  const store = storeId ?? setup().storeA.id;
  return callRoute<{ supplier_claim: SupplierClaim }>(
    POST,
    { storeId: store, supplierClaimId: claim.id },
    { method: "POST", path: `/stores/${store}/supplier-claims/${claim.id}/lines`, body, ...auth },
  );
}

const owner = () => ({ secret: setup().storeA.secret });
const line = (fields: Record<string, unknown>) => ({
  supplier_claim_line: { reason: "missing", quantity: 2, unit_cost: "7.25", ...fields },
});

describe("POST …/supplier-claims/{supplierClaimId}/lines", () => {
  it("adds a manual line by SKU: last, source manual, the total follows, with history and event; its units edit freely", async () => {
    const { database, storeA } = setup();
    const { variant } = await insertVariant(database.db, storeA.id);
    const claim = await draftClaim(storeA.id);
    const editor = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "editor" }]);
    const added = await addLine(claim, line({ sku: variant.sku, note: "  Found crushed at the back  " }), {
      cookie: editor.cookie,
    });
    expect(added.status).toBe(201);
    const answer = added.body.supplier_claim;
    expect(answer).toMatchObject({ line_count: 2, unit_count: 5, total: { amount: "29.50" } });
    expect(answer.lines.map((l) => l.source)).toEqual(["receipt", "manual"]);
    const manual = answer.lines[1] as SupplierClaim["lines"][number];
    expect(manual).toMatchObject({
      reason: "missing",
      sku: variant.sku,
      title: "Trail Tee - Forest / M",
      quantity: 2,
      waived_quantity: 0,
      unit_cost: { amount: "7.25" },
      total: { amount: "14.50" },
      inbound_shipment_id: null,
      receipt_id: null,
      return_id: null,
      photos: [],
      note: "Found crushed at the back",
    });
    expect(answer.history.at(-1)).toMatchObject({
      kind: "lines_added",
      note: `Added by hand: Trail Tee - Forest / M (${variant.sku}), 2 units missing at 7.25`,
    });
    expect(await claimAsStored(storeA.id, claim.id)).toEqual(answer);
    const events = await database.db.execute<{ type: string; total: string }>(sql`
      select type, payload->'supplier_claim'->'total'->>'amount' as total from events
      where topic = 'supplier_claim' and subject_id = ${claim.id} order by seq`);
    expect(events.rows.map((row) => [row.type, row.total])).toEqual([
      ["created", "15.00"],
      ["updated", "29.50"],
    ]);

    // No receipt recorded a manual line's units: an edit may raise them past what it had, nothing is waived.
    const context = {
      storeId: storeA.id,
      supplierClaimId: claim.id,
      supplierClaimLineId: manual.id,
      actor: { name: "Lead" },
      publicUrl,
    };
    const raised = await updateSupplierClaimLine(database.db, context, { quantity: 9, reason: "damaged" });
    expect(raised.lines[1]).toMatchObject({ quantity: 9, waived_quantity: 0, reason: "damaged" });
    // A receipt line keeps its cap.
    await expect(
      updateSupplierClaimLine(
        database.db,
        { ...context, supplierClaimLineId: claim.lines[0]?.id as string },
        {
          quantity: 4,
        },
      ),
    ).rejects.toBeInstanceOf(ValidationError);
    // Now the receipt line can be removed: the manual one stays as the draft's line.
    const removed = await removeSupplierClaimLine(database.db, {
      ...context,
      supplierClaimLineId: claim.lines[0]?.id as string,
    });
    expect(removed.lines.map((l) => l.source)).toEqual(["manual"]);
  });

  it("refuses bad input with a 400 naming the field, and changes nothing", async () => {
    const { database, storeA, storeB } = setup();
    const { variant } = await insertVariant(database.db, storeA.id);
    const { variant: foreign } = await insertVariant(database.db, storeB.id);
    const claim = await draftClaim(storeA.id);
    const cases: [unknown, string][] = [
      [line({ sku: "NO-SUCH-SKU" }), "supplier_claim_line.sku"],
      // Another store's product is not one of this store's.
      [line({ sku: foreign.sku }), "supplier_claim_line.sku"],
      [line({ sku: "" }), "supplier_claim_line.sku"],
      [line({ sku: variant.sku, reason: "over" }), "supplier_claim_line.reason"],
      [line({ sku: variant.sku, reason: "return_to_vendor" }), "supplier_claim_line.reason"],
      [line({ sku: variant.sku, quantity: 0 }), "supplier_claim_line.quantity"],
      [line({ sku: variant.sku, quantity: 1.5 }), "supplier_claim_line.quantity"],
      [line({ sku: variant.sku, unit_cost: "-1" }), "supplier_claim_line.unit_cost"],
      [line({ sku: variant.sku, unit_cost: "1.005" }), "supplier_claim_line.unit_cost"],
      [line({ sku: variant.sku, note: "x".repeat(1001) }), "supplier_claim_line.note"],
      [line({ sku: variant.sku, photos: [] }), "supplier_claim_line"],
      [{ supplier_claim_line: { sku: variant.sku } }, "supplier_claim_line.quantity"],
    ];
    for (const [body, path] of cases) {
      expectInvalid(await addLine(claim, body, owner()), "supplier-claim", [path]);
    }
    expect(await claimAsStored(storeA.id, claim.id)).toEqual(claim);
  });

  it("answers 409 naming the status for a claim that is not a draft, and changes nothing", async () => {
    const { database, storeA } = setup();
    const { variant } = await insertVariant(database.db, storeA.id);
    const claim = await draftClaim(storeA.id);
    await sendSupplierClaim(
      database.db,
      { storeId: storeA.id, supplierClaimId: claim.id, actor: { name: "Lead" }, publicUrl },
      {},
    );
    const sent = await claimAsStored(storeA.id, claim.id);
    const refused = expectProblem(
      await addLine(claim, line({ sku: variant.sku }), owner()),
      409,
      "supplier-claim/wrong-status",
    );
    expect(refused.detail).toContain("SENT");
    expect(await claimAsStored(storeA.id, claim.id)).toEqual(sent);
  });

  it("is for those who write, in the claim's own store", async () => {
    const { database, storeA, storeB } = setup();
    const { variant } = await insertVariant(database.db, storeA.id);
    const claim = await draftClaim(storeA.id);
    const foreign = await draftClaim(storeB.id);
    const body = line({ sku: variant.sku });
    const viewer = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "viewer" }]);
    expectProblem(await addLine(claim, body, { cookie: viewer.cookie }), 403, "auth/forbidden");
    expectProblem(await addLine(claim, body, { secret: storeB.secret }), 403, "auth/forbidden");
    expectProblem(await addLine(foreign, body, owner()), 404, "supplier-claim/not-found");
    expect(await claimAsStored(storeA.id, claim.id)).toEqual(claim);
    expect(await claimAsStored(storeB.id, foreign.id)).toEqual(foreign);
  });
});
