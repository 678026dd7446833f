import { actorOf } from "@/lib/api/principal";
import { apiRoute, json } from "@/lib/api/route";
import { returnLifecycle } from "@/lib/contracts";
import { recordTrackingUpdate } from "@/lib/domain/returns/tracking";

export const POST = apiRoute(
  returnLifecycle.updateReturnShipmentStatus,
  async ({ db, params, body, principal }) => {
    const outcome = await recordTrackingUpdate(db, {
      storeId: params.storeId,
      trackingNumber: params.trackingNumber,
      update: body,
      actor: actorOf(principal),
    });
    return json(outcome);
  },
);
