import { eq } from "drizzle-orm";
import type { Db } from "../../db";
import { returnItems, returns } from "../../db/schema";
import { RETURN_TRANSITIONS, type ReturnStatus, type ReturnTransitionVia, returnMoves } from "../../enums";
import { ConflictError, NotFoundError } from "../errors";

/**
 * The lifecycle's edges live in lib/enums/returns.ts (the return page draws its buttons from them); this file
 * names the operation that takes each and refuses moves outside them.
 */
export type TransitionVia = ReturnTransitionVia;
export { RETURN_TRANSITIONS };

const OPERATION_OF: Record<TransitionVia, string> = {
  approve: "POST /returns/{returnId}/approve",
  status: "PUT /returns/{returnId}/status",
  process: "POST /returns/{returnId}/process",
  tracking: "POST /stores/{storeId}/return-shipments/{trackingNumber}/shipment-status",
  receive: "POST /returns/{returnId}/receive",
};

export type AllowedTransition = { to: ReturnStatus; via: TransitionVia; operation: string };

/** Where a return in `from` may go; processing from `open` only when the return is green. */
export function allowedTransitions(from: ReturnStatus, green: boolean): AllowedTransition[] {
  return returnMoves(from, green).map((edge) => ({ ...edge, operation: OPERATION_OF[edge.via] }));
}

/**
 * 409 `return/invalid-transition`: the move is not an edge of the lifecycle. The message names the
 * current status and every allowed target with the operation that takes it; `allowed` carries them too.
 */
export class InvalidTransitionError extends ConflictError {
  readonly allowed: AllowedTransition[];
  constructor(input: { from: ReturnStatus; attempted: string; allowed: AllowedTransition[] }) {
    const targets =
      input.allowed.length === 0
        ? `none: a ${input.from} return is final`
        : input.allowed.map((edge) => `${edge.to} (${edge.operation})`).join(", ");
    super(
      "return/invalid-transition",
      `This return is ${input.from}: it cannot ${input.attempted}. Allowed from ${input.from}: ${targets}.`,
    );
    this.allowed = input.allowed;
  }
}

/** Throws InvalidTransitionError unless `to` is reachable from `from` by `via`. */
export function assertTransition(
  state: { status: ReturnStatus; green: boolean },
  to: ReturnStatus,
  via: TransitionVia,
  attempted: string,
): void {
  const allowed = allowedTransitions(state.status, state.green);
  if (!allowed.some((edge) => edge.to === to && edge.via === via)) {
    throw new InvalidTransitionError({ from: state.status, attempted, allowed });
  }
}

/** A locked return's place in the lifecycle; `statusBeforeFlag` is what unflagging restores. */
export type LifecycleState = { status: ReturnStatus; statusBeforeFlag: ReturnStatus | null; green: boolean };

/**
 * The locked return's status and whether it is green (it has items and every one stays with the
 * customer: `greenReturn` true, the published schema's mark). Call after `lockReturn`.
 */
export async function readLifecycleState(tx: Db, returnId: string): Promise<LifecycleState> {
  const [row] = await tx
    .select({ status: returns.status, statusBeforeFlag: returns.statusBeforeFlag })
    .from(returns)
    .where(eq(returns.id, returnId));
  if (!row) throw new NotFoundError("return", returnId);
  const items = await tx
    .select({ greenReturn: returnItems.greenReturn })
    .from(returnItems)
    .where(eq(returnItems.returnId, returnId));
  return {
    status: row.status,
    statusBeforeFlag: row.statusBeforeFlag,
    green: items.length > 0 && items.every((item) => item.greenReturn === true),
  };
}
