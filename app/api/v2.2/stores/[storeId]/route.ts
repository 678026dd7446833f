import { storePath } from "@/lib/api/params";
import { apiRoute, json, methodNotAllowed } from "@/lib/api/route";
import { getStore, STORE_RESOURCE, updateStore } from "@/lib/domain/stores";
import { updateStoreRequestSchema } from "@/lib/schemas/stores";

export const GET = apiRoute(
  { resource: STORE_RESOURCE, access: "read", params: storePath },
  async ({ db, params }) => json({ store: await getStore(db, params.storeId) }),
);

export const PATCH = apiRoute(
  { resource: STORE_RESOURCE, access: "admin", params: storePath, body: updateStoreRequestSchema },
  async ({ db, params, body }) => json({ store: await updateStore(db, params.storeId, body.store) }),
);

export const POST = methodNotAllowed(["GET", "PATCH"]);
export const PUT = methodNotAllowed(["GET", "PATCH"]);
export const DELETE = methodNotAllowed(["GET", "PATCH"]);
