import { actorOf } from "@/lib/api/principal";
import { apiRoute, json } from "@/lib/api/route";
import { readConfig } from "@/lib/config";
import { transfers } from "@/lib/contracts";
import { shipTransfer } from "@/lib/domain/transfers/lifecycle";

export const POST = apiRoute(transfers.shipTransfer, async ({ db, params, body, principal }) =>
  json({
    transfer: await shipTransfer(db, {
      ...params,
      actor: actorOf(principal),
      ship: body,
      publicUrl: readConfig().publicUrl,
    }),
  }),
);
