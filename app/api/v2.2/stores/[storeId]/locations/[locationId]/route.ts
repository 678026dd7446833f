import { locationPath } from "@/lib/api/params";
import { apiRoute, json, methodNotAllowed } from "@/lib/api/route";
import type { Db } from "@/lib/db";
import {
  findLocationStore,
  getLocation,
  LOCATION_RESOURCE,
  updateLocation,
} from "@/lib/domain/locations/locations";
import { updateLocationRequestSchema } from "@/lib/schemas/locations";

const spec = {
  resource: LOCATION_RESOURCE,
  params: locationPath,
  // The location must be this store's (404 otherwise) before a body is read.
  store: ({ db, params }: { db: Db; params: { storeId: string; locationId: string } }) =>
    findLocationStore(db, params),
} as const;

export const GET = apiRoute({ ...spec, access: "read" }, async ({ db, params }) =>
  json({ location: await getLocation(db, params.storeId, params.locationId) }),
);

export const PATCH = apiRoute(
  { ...spec, access: "admin", body: updateLocationRequestSchema },
  async ({ db, params, body }) =>
    json({ location: await updateLocation(db, params.storeId, params.locationId, body.location) }),
);

export const POST = methodNotAllowed(["GET", "PATCH"]);
export const PUT = methodNotAllowed(["GET", "PATCH"]);
export const DELETE = methodNotAllowed(["GET", "PATCH"]);
