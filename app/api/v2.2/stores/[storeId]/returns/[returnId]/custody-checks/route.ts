import { actorOf } from "@/lib/api/principal";
import { apiRoute, json } from "@/lib/api/route";
import { inspection } from "@/lib/contracts";
import { checkReturnCustody } from "@/lib/domain/inspection/custody";

export const POST = apiRoute(inspection.checkReturnCustody, async ({ db, params, body, principal }) =>
  json(
    await checkReturnCustody(db, {
      storeId: params.storeId,
      returnId: params.returnId,
      itemId: body.item_id,
      identifier: body.identifier,
      actor: actorOf(principal),
    }),
  ),
);
