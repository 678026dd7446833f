import { apiRoute, json } from "@/lib/api/route";
import { storeSettings } from "@/lib/contracts";
import { createLocation, listLocations } from "@/lib/domain/locations/locations";

export const GET = apiRoute(storeSettings.listLocations, async ({ db, params, query }) =>
  json({
    locations: await listLocations(db, {
      storeId: params.storeId,
      includeArchived: query.include_archived === "true",
    }),
  }),
);

export const POST = apiRoute(storeSettings.createLocation, async ({ db, params, body }) =>
  json({ location: await createLocation(db, params.storeId, body.location) }, { status: 201 }),
);
