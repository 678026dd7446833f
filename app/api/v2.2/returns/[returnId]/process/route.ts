import { actorOf } from "@/lib/api/principal";
import { apiRoute, json, scopedStore } from "@/lib/api/route";
import { readConfig } from "@/lib/config";
import { returnLifecycle } from "@/lib/contracts";
import { processReturn } from "@/lib/domain/returns/process";

export const POST = apiRoute(
  returnLifecycle.processReturn,
  async ({ db, params, body, principal, storeId, request }) => {
    const processed = await processReturn(db, {
      storeId: scopedStore({ storeId }),
      returnId: params.returnId,
      actor: actorOf(principal),
      idempotencyKey: request.headers.get("idempotency-key") ?? undefined,
      publicUrl: readConfig().publicUrl,
      ...body,
    });
    return json(processed);
  },
);
