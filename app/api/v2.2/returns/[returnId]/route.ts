import { returnPath } from "@/lib/api/params";
import { apiRoute, json, methodNotAllowed } from "@/lib/api/route";
import { getReturn } from "@/lib/domain/returns/get";

export const GET = apiRoute(
  { resource: "return", access: "read", params: returnPath },
  async ({ db, params, storeIds }) => {
    const view = await getReturn(db, { returnId: params.returnId, storeIds });
    return json({ order: view.order, return: view.return });
  },
);

export const POST = methodNotAllowed(["GET"]);
export const PUT = methodNotAllowed(["GET"]);
export const PATCH = methodNotAllowed(["GET"]);
export const DELETE = methodNotAllowed(["GET"]);
