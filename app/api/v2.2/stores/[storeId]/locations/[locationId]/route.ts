import { apiRoute, json } from "@/lib/api/route";
import { storeSettings } from "@/lib/contracts";
import { getLocation, updateLocation } from "@/lib/domain/locations/locations";

export const GET = apiRoute(storeSettings.getLocation, async ({ db, params }) =>
  json({ location: await getLocation(db, params.storeId, params.locationId) }),
);

export const PATCH = apiRoute(storeSettings.updateLocation, async ({ db, params, body }) =>
  json({ location: await updateLocation(db, params.storeId, params.locationId, body.location) }),
);
