import { actorOf } from "@/lib/api/principal";
import { apiRoute, json } from "@/lib/api/route";
import { readConfig } from "@/lib/config";
import { transfers } from "@/lib/contracts";
import { cancelTransfer } from "@/lib/domain/transfers/lifecycle";

export const POST = apiRoute(transfers.cancelTransfer, async ({ db, params, principal }) =>
  json({
    transfer: await cancelTransfer(db, {
      ...params,
      actor: actorOf(principal),
      publicUrl: readConfig().publicUrl,
    }),
  }),
);
