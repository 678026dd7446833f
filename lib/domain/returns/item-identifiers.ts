import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { returnItems } from "../../db/schema";
import type { Return } from "../../schemas/returns";
import type { Actor } from "../actor";
import { ItemNotFoundError, NotFoundError } from "../errors";
import { recordReturnEvent } from "../events/record";
import { recordReturnActivities } from "./activities";
import { loadReturnView } from "./serialize";
import { lockReturn, touchReturn } from "./write";

export type SetItemIdentifiersInput = {
  storeId: string;
  returnId: string;
  /** Validated by `setItemIdentifiersBodySchema`: 1..500 entries, unique ids, identifiers 0..255 chars. */
  items: readonly { id: string; externalIdentifier: string }[];
  /** Who asks: recorded in the return's activity with each identifier's old and new value. */
  actor: Actor;
};

/**
 * `PUT /stores/{storeId}/returns/{returnId}/item-identifiers` (decisions §5). Atomic: in one transaction
 * it locks the return, checks that every id is an item of this return (else `return/item-not-found`
 * naming every unknown id, and nothing is written), stores the identifiers ("" clears one: null is
 * stored), bumps the return's `updatedAt`, records the activity (old -> new per item) and an `updated`
 * event. A request that changes nothing writes nothing and records no event. Returns the full return as
 * it stands afterwards.
 */
export async function setReturnItemIdentifiers(db: Db, input: SetItemIdentifiersInput): Promise<Return> {
  return db.transaction(async (tx) => {
    await lockReturn(tx, input);
    const current = await tx
      .select({ id: returnItems.id, externalIdentifier: returnItems.externalIdentifier })
      .from(returnItems)
      .where(eq(returnItems.returnId, input.returnId));
    const stored = new Map(current.map((item) => [item.id, item.externalIdentifier]));

    const unknown = input.items.flatMap((item, index) =>
      stored.has(item.id) ? [] : [{ index, id: item.id }],
    );
    if (unknown.length > 0) throw new ItemNotFoundError(unknown);

    // Last entry wins if a caller bypassing the schema repeats an id.
    const wanted = new Map(input.items.map((item) => [item.id, item.externalIdentifier || null]));
    const changes = [...wanted].filter(([id, value]) => stored.get(id) !== value);

    if (changes.length > 0) {
      // One statement for every change, whatever their number (at most 500).
      const values = sql.join(
        changes.map(([id, value]) => sql`(${id}::text, ${value}::text)`),
        sql`, `,
      );
      await tx.execute(sql`
        update return_items as ri set external_identifier = v.external_identifier
        from (values ${values}) as v(id, external_identifier)
        where ri.id = v.id and ri.return_id = ${input.returnId}`);
      await touchReturn(tx, input.returnId);
      await recordReturnActivities(tx, {
        returnId: input.returnId,
        actor: input.actor,
        activities: [
          {
            kind: "identifiers_set",
            details: {
              items: changes.map(([itemId, to]) => ({ itemId, from: stored.get(itemId) ?? null, to })),
            },
          },
        ],
      });
      const event = await recordReturnEvent(tx, {
        storeId: input.storeId,
        returnId: input.returnId,
        type: "updated",
      });
      return event.payload.return;
    }

    const view = await loadReturnView(tx, { returnId: input.returnId, storeIds: [input.storeId] });
    if (!view) throw new NotFoundError("return", input.returnId);
    return view.return;
  });
}
