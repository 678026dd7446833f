import { labelFileResponse } from "@/lib/api/label-file";
import { actorOf } from "@/lib/api/principal";
import { apiRoute } from "@/lib/api/route";
import { bins } from "@/lib/contracts";
import { printLabels } from "@/lib/domain/labels/print";

export const POST = apiRoute(bins.printBinLabels, async ({ db, params, body, principal }) =>
  labelFileResponse(
    await printLabels(db, {
      storeId: params.storeId,
      request: { type: "bin", id: params.binId, copies: body.copies },
      format: body.format,
      size: body.size,
      actor: actorOf(principal),
    }),
  ),
);
