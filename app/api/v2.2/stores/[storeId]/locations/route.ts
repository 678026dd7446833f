import { storePath } from "@/lib/api/params";
import { apiRoute, json, methodNotAllowed } from "@/lib/api/route";
import { listLocations } from "@/lib/domain/locations/list-locations";

export const GET = apiRoute(
  { resource: "location", access: "read", params: storePath },
  async ({ db, params }) => json({ locations: await listLocations(db, { storeId: params.storeId }) }),
);

export const POST = methodNotAllowed(["GET"]);
export const PUT = methodNotAllowed(["GET"]);
export const PATCH = methodNotAllowed(["GET"]);
export const DELETE = methodNotAllowed(["GET"]);
