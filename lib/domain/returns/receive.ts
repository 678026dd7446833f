import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db";
import { returnItems } from "../../db/schema";
import type { Return } from "../../schemas/returns";
import type { Actor } from "../actor";
import { NotFoundError } from "../errors";
import { recordReturnEvent } from "../events/record";
import { recordReturnActivities } from "./activities";
import { moveReturnAndItems } from "./lifecycle";
import { loadReturnView } from "./serialize";
import { assertTransition, readLifecycleState } from "./transitions";
import { lockReturn, touchReturn } from "./write";

/** Statuses at or past arrival: receiving a return already there changes nothing. */
const ARRIVED = new Set(["delivered", "needs_review", "in_review"]);

/**
 * `POST /returns/{returnId}/receive` (Backroom extension): staff confirm the parcel is here, typically
 * when its carrier already says delivered, and the return goes straight to `delivered` from
 * `pre_shipment`, `open` or `in_transit`: the approval (every item ships back unless already marked green),
 * the arrival of the items (`received`; green ones stay), `updatedAt`, one `status_changed` activity
 * (`via: receive`) and one `return` `updated` event, in one transaction under the row lock. A return already
 * delivered (or under review) is left as it is; any other status is 409 `return/invalid-transition`.
 * Answers the return as it stands afterwards.
 */
export async function receiveReturn(
  db: Db,
  input: { storeId: string; returnId: string; actor: Actor },
): Promise<Return> {
  await db.transaction(async (tx) => {
    await lockReturn(tx, input);
    const state = await readLifecycleState(tx, input.returnId);
    if (ARRIVED.has(state.status)) return;
    assertTransition(state, "delivered", "receive", "be marked received");
    if (state.status === "pre_shipment") {
      // Approval without a choice of green items: those not yet decided ship back, as PUT status open does.
      await tx
        .update(returnItems)
        .set({ greenReturn: false })
        .where(and(eq(returnItems.returnId, input.returnId), isNull(returnItems.greenReturn)));
    }
    await moveReturnAndItems(tx, input.returnId, "delivered");
    await touchReturn(tx, input.returnId);
    await recordReturnActivities(tx, {
      returnId: input.returnId,
      actor: input.actor,
      activities: [
        { kind: "status_changed", details: { from: state.status, to: "delivered", via: "receive" } },
      ],
    });
    await recordReturnEvent(tx, { storeId: input.storeId, returnId: input.returnId, type: "updated" });
  });
  const view = await loadReturnView(db, { returnId: input.returnId, storeIds: [input.storeId] });
  if (!view) throw new NotFoundError("return", input.returnId);
  return view.return;
}
