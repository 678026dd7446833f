import { PATCH } from "@/app/api/v2.2/stores/[storeId]/locations/[locationId]/route";
import type { LocationResponse } from "../schemas/locations";
import { type Caller, callRoute } from "./api";

/** PATCH /stores/{storeId}/locations/{locationId} as `caller`, for the location route tests. */
export function updateLocation(storeId: string, locationId: string, body: unknown, caller: Caller) {
  return callRoute<LocationResponse>(
    PATCH,
    { storeId, locationId },
    { method: "PATCH", path: `/stores/${storeId}/locations/${locationId}`, ...caller, body },
  );
}
