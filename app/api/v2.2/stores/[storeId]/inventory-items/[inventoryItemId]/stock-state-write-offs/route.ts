import { actorOf } from "@/lib/api/principal";
import { apiRoute, json } from "@/lib/api/route";
import { dispositions } from "@/lib/contracts";
import { writeOffStockState } from "@/lib/domain/dispositions/write-off";

export const POST = apiRoute(
  dispositions.writeOffInventoryItemStockState,
  async ({ db, params, body, principal, request }) =>
    json(
      await writeOffStockState(db, {
        ...params,
        writeOff: body.write_off,
        actor: actorOf(principal),
        idempotencyKey: request.headers.get("idempotency-key") ?? undefined,
      }),
      { status: 201 },
    ),
);
