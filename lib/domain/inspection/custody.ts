import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { custodyIdentifiers, returnItems, returns } from "../../db/schema";
import type { CustodyVerdict } from "../../enums";
import type { CustodyFinding } from "../../schemas/inspection";
import type { Return } from "../../schemas/returns";
import type { Actor } from "../actor";
import { ItemNotFoundError } from "../errors";
import { recordReturnEvent } from "../events/record";
import { type NewReturnActivity, recordReturnActivities } from "../returns/activities";
import { allowedTransitions, readLifecycleState } from "../returns/transitions";
import { lockReturn, touchReturn } from "../returns/write";
import { identifierKindOf } from "./custody-index";

/**
 * Chain of custody (docs/inspection.md): what the store knows of a unit's identifier, in one statement on
 * `custody_identifiers_lookup_idx`: its newest receipt, and its newest inspection on another return.
 */

type Received = NonNullable<CustodyFinding["received"]>;
type Returned = NonNullable<CustodyFinding["returned"]>;
type LookupRow = {
  received: (Omit<Received, "at"> & { at: string; kind: CustodyFinding["kind"] }) | null;
  returned: (Omit<Returned, "at"> & { at: string }) | null;
};

const isoOf = (at: string) => new Date(at).toISOString();
const dayOf = (at: string) => isoOf(at).slice(0, 10);

/** The look-up itself: both answers from one index, newest first, other returns than `returnId` only. */
export async function lookUpCustody(
  db: Db,
  input: { storeId: string; identifier: string; returnId?: string },
): Promise<Omit<CustodyFinding, "checked_at">> {
  const { rows } = await db.execute<LookupRow>(sql`
    select
      (select json_build_object('inbound_shipment_id', c.inbound_shipment_id, 'receipt_id', c.receipt_id,
                                'location_id', c.location_id, 'bin', c.bin, 'at', c.recorded_at, 'kind', c.kind)
         from custody_identifiers c
        where c.store_id = ${input.storeId} and c.identifier = ${input.identifier} and c.source = 'receipt'
        order by c.recorded_at desc limit 1) as received,
      (select json_build_object('return_id', c.return_id, 'item_id', c.return_item_id, 'at', c.recorded_at)
         from custody_identifiers c
        where c.store_id = ${input.storeId} and c.identifier = ${input.identifier} and c.source = 'return'
          and c.return_id is distinct from ${input.returnId ?? null}
        order by c.recorded_at desc limit 1) as returned`);
  const row = rows[0] ?? { received: null, returned: null };
  const received = row.received
    ? {
        inbound_shipment_id: row.received.inbound_shipment_id,
        receipt_id: row.received.receipt_id,
        location_id: row.received.location_id,
        bin: row.received.bin,
        at: isoOf(row.received.at),
      }
    : null;
  const returned = row.returned
    ? { return_id: row.returned.return_id, item_id: row.returned.item_id, at: isoOf(row.returned.at) }
    : null;
  const verdict: CustodyVerdict = returned ? "returned_before" : received ? "received" : "never_received";
  const summary = returned
    ? `returned before on ${returned.return_id} on ${dayOf(returned.at)}`
    : received
      ? `received on ${received.inbound_shipment_id ?? received.receipt_id}${received.bin ? ` into bin ${received.bin}` : ""} on ${dayOf(received.at)}`
      : "never received here";
  return {
    identifier: input.identifier,
    kind: row.received?.kind ?? identifierKindOf(input.identifier),
    verdict,
    summary,
    received,
    returned,
  };
}

/**
 * `POST /stores/{storeId}/returns/{returnId}/custody-checks`: looks the scanned identifier up, records it on the
 * item (indexed, so a later return of the same unit finds this one) with its finding, and, when the unit was
 * never received here or was returned before, flags the return with the reason (a return that may not be
 * flagged from its status keeps it; the finding still says why). One transaction after the row lock; one
 * `return` `updated` event, whose item carries the finding as `custody`.
 */
export async function checkReturnCustody(
  db: Db,
  input: { storeId: string; returnId: string; itemId: string; identifier: string; actor: Actor },
): Promise<{ custody: CustodyFinding; return: Return; flagged: boolean }> {
  return db.transaction(async (tx) => {
    await lockReturn(tx, input);
    const [item] = await tx
      .select({ id: returnItems.id })
      .from(returnItems)
      .where(and(eq(returnItems.id, input.itemId), eq(returnItems.returnId, input.returnId)));
    if (!item) throw new ItemNotFoundError([{ index: 0, id: input.itemId }], () => "item_id");
    const found = await lookUpCustody(tx, input);
    const [written] = await tx
      .insert(custodyIdentifiers)
      .values({
        storeId: input.storeId,
        identifier: input.identifier,
        kind: found.kind,
        source: "return",
        returnId: input.returnId,
        returnItemId: input.itemId,
        verdict: found.verdict,
      })
      .returning({ at: custodyIdentifiers.recordedAt });
    const custody: CustodyFinding = { ...found, checked_at: (written?.at ?? new Date()).toISOString() };
    await tx.update(returnItems).set({ custody }).where(eq(returnItems.id, input.itemId));

    const activities: NewReturnActivity[] = [
      {
        kind: "custody_checked",
        details: {
          itemId: input.itemId,
          identifier: input.identifier,
          verdict: found.verdict,
          summary: found.summary,
        },
      },
    ];
    let flagged = false;
    if (found.verdict !== "received") {
      const state = await readLifecycleState(tx, input.returnId);
      const canFlag = allowedTransitions(state.status, state.green).some((edge) => edge.to === "flagged");
      if (canFlag) {
        await tx
          .update(returns)
          .set({ status: "flagged", statusBeforeFlag: state.status })
          .where(eq(returns.id, input.returnId));
        activities.push({
          kind: "status_changed",
          details: {
            from: state.status,
            to: "flagged",
            via: "custody",
            reason: `${input.identifier}: ${found.summary}`,
          },
        });
      }
      flagged = canFlag || state.status === "flagged";
    }
    await touchReturn(tx, input.returnId);
    await recordReturnActivities(tx, { returnId: input.returnId, actor: input.actor, activities });
    const event = await recordReturnEvent(tx, {
      storeId: input.storeId,
      returnId: input.returnId,
      type: "updated",
    });
    return { custody, return: event.payload.return, flagged };
  });
}
