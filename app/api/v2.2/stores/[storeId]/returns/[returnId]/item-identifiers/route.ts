import { storeReturnPath } from "@/lib/api/params";
import { actorOf } from "@/lib/api/principal";
import { apiRoute, json, methodNotAllowed } from "@/lib/api/route";
import { findReturnStore } from "@/lib/domain/returns/get";
import { setReturnItemIdentifiers } from "@/lib/domain/returns/item-identifiers";
import { setItemIdentifiersBodySchema } from "@/lib/schemas/returns";

export const PUT = apiRoute(
  {
    resource: "return",
    access: "write",
    params: storeReturnPath,
    body: setItemIdentifiersBodySchema,
    // The return must be this store's (404 otherwise) before the body is read.
    store: ({ db, params }) => findReturnStore(db, { returnId: params.returnId, storeIds: [params.storeId] }),
  },
  async ({ db, params, body, principal }) => {
    const updated = await setReturnItemIdentifiers(db, {
      storeId: params.storeId,
      returnId: params.returnId,
      items: body.items,
      actor: actorOf(principal),
    });
    return json({ return: updated });
  },
);

export const GET = methodNotAllowed(["PUT"]);
export const POST = methodNotAllowed(["PUT"]);
export const PATCH = methodNotAllowed(["PUT"]);
export const DELETE = methodNotAllowed(["PUT"]);
