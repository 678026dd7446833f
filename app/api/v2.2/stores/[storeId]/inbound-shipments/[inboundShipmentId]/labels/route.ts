import { labelFileResponse } from "@/lib/api/label-file";
import { actorOf } from "@/lib/api/principal";
import { apiRoute } from "@/lib/api/route";
import { labels } from "@/lib/contracts";
import { printLabels } from "@/lib/domain/labels/print";

export const POST = apiRoute(labels.printInboundShipmentLabels, async ({ db, params, body, principal }) =>
  labelFileResponse(
    await printLabels(db, {
      storeId: params.storeId,
      request: {
        type: "inbound_shipment",
        id: params.inboundShipmentId,
        kind: body.kind,
        lineIds: body.line_ids,
        unitsPerCarton: body.units_per_carton,
      },
      format: body.format,
      size: body.size,
      actor: actorOf(principal),
    }),
  ),
);
