import { and, desc } from "drizzle-orm";
import type { Db } from "../../db";
import { returns } from "../../db/schema";
import type { ReturnStatusUpdate } from "../../enums";
import { MAX_BULK_RETURNS } from "../../schemas/limits";
import type { BulkReturnAction, BulkReturnResult } from "../../schemas/return-bulk";
import type { Actor } from "../actor";
import { DomainError, ValidationError } from "../errors";
import { setReturnFlag } from "./flag";
import { approveReturn, setReturnStatus } from "./lifecycle";
import { type ReturnFilters, returnFilterConditions } from "./list";

export type BulkReturnsInput = {
  storeId: string;
  actor: Actor;
  action: BulkReturnAction;
  status?: ReturnStatusUpdate;
  customerNotes?: string;
  returnIds: readonly string[];
};

/**
 * Runs one lifecycle action over many returns of a store. Each return goes through the same domain
 * function as its single operation, in its own transaction, so one refusal (a wrong status, an unknown
 * or foreign id: the store-scoped row lock's 404) leaves the others done: all-or-nothing per return, never
 * across them. Sequential on purpose: 500 returns are 500 short transactions, and running them one by one
 * keeps the pool free for other requests and the events of each return in order.
 */
export async function runBulkReturnAction(db: Db, input: BulkReturnsInput): Promise<BulkReturnResult[]> {
  const results: BulkReturnResult[] = [];
  for (const returnId of new Set(input.returnIds)) {
    try {
      await applyOne(db, input, returnId);
      results.push({ id: returnId, ok: true });
    } catch (error) {
      // Anything else is a fault of the server, not of this return: the whole request answers 500.
      if (!(error instanceof DomainError)) throw error;
      results.push({
        id: returnId,
        ok: false,
        error: { status: error.status, code: error.code, detail: error.message },
      });
    }
  }
  return results;
}

async function applyOne(db: Db, input: BulkReturnsInput, returnId: string): Promise<void> {
  const target = { storeId: input.storeId, returnId, actor: input.actor };
  switch (input.action) {
    case "approve":
      await approveReturn(db, { ...target, customerNotes: input.customerNotes });
      return;
    case "flag":
    case "unflag":
      await setReturnFlag(db, { ...target, flagged: input.action === "flag" });
      return;
    case "status": {
      if (!input.status)
        throw new ValidationError("return", [{ path: "status", message: "Missing status." }]);
      await setReturnStatus(db, { ...target, status: input.status, customerNotes: input.customerNotes });
      return;
    }
  }
}

/**
 * "Select all matching": the ids the list's filters select, newest update first, refused with a 400
 * naming the limit when they are more than MAX_BULK_RETURNS (one row past it is read to know).
 */
export async function resolveBulkFilter(db: Db, filter: ReturnFilters): Promise<string[]> {
  const rows = await db
    .select({ id: returns.id })
    .from(returns)
    .where(and(...returnFilterConditions(filter)))
    .orderBy(desc(returns.updatedAt), desc(returns.id))
    .limit(MAX_BULK_RETURNS + 1);
  if (rows.length > MAX_BULK_RETURNS) {
    throw new ValidationError(
      "return",
      [{ path: "filter", message: `The filter selects more than ${MAX_BULK_RETURNS} returns.` }],
      `A bulk action takes at most ${MAX_BULK_RETURNS} returns and this filter selects more: narrow it.`,
    );
  }
  return rows.map((row) => row.id);
}
