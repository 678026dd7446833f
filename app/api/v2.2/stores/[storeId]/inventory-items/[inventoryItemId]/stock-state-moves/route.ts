import { actorOf } from "@/lib/api/principal";
import { apiRoute, json } from "@/lib/api/route";
import { dispositions } from "@/lib/contracts";
import { moveStockState } from "@/lib/domain/dispositions/stock-states";

export const POST = apiRoute(
  dispositions.moveInventoryItemStockState,
  async ({ db, params, body, principal, request }) =>
    json(
      await moveStockState(db, {
        ...params,
        move: body.move,
        actor: actorOf(principal),
        idempotencyKey: request.headers.get("idempotency-key") ?? undefined,
      }),
      { status: 201 },
    ),
);
