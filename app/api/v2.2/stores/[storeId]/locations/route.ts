import { storePath } from "@/lib/api/params";
import { apiRoute, json, methodNotAllowed } from "@/lib/api/route";
import { createLocation, LOCATION_RESOURCE, listLocations } from "@/lib/domain/locations/locations";
import { createLocationRequestSchema, listLocationsQuerySchema } from "@/lib/schemas/locations";

export const GET = apiRoute(
  { resource: LOCATION_RESOURCE, access: "read", params: storePath, query: listLocationsQuerySchema },
  async ({ db, params, query }) =>
    json({
      locations: await listLocations(db, {
        storeId: params.storeId,
        includeArchived: query.include_archived === "true",
      }),
    }),
);

export const POST = apiRoute(
  { resource: LOCATION_RESOURCE, access: "admin", params: storePath, body: createLocationRequestSchema },
  async ({ db, params, body }) =>
    json({ location: await createLocation(db, params.storeId, body.location) }, { status: 201 }),
);

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = methodNotAllowed(["GET", "POST"]);
export const DELETE = methodNotAllowed(["GET", "POST"]);
