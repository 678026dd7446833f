import { PATCH } from "@/app/api/v2.2/stores/[storeId]/bins/[binId]/route";
import { POST } from "@/app/api/v2.2/stores/[storeId]/locations/[locationId]/bins/route";
import type { Bin } from "../schemas/bins";
import { type Caller, callRoute } from "./api";

/** POST /stores/{storeId}/locations/{locationId}/bins as `auth`, for the bin route tests. */
export function createBin(storeId: string, locationId: string, bin: unknown, auth: Caller) {
  return callRoute<{ bin: Bin }>(
    POST,
    { storeId, locationId },
    { method: "POST", path: `/stores/${storeId}/locations/${locationId}/bins`, body: { bin }, ...auth },
  );
}

/** PATCH /stores/{storeId}/bins/{binId} as `auth`. */
export function patchBin(storeId: string, binId: string, bin: unknown, auth: Caller) {
  return callRoute<{ bin: Bin }>(
    PATCH,
    { storeId, binId },
    { method: "PATCH", path: `/stores/${storeId}/bins/${binId}`, body: { bin }, ...auth },
  );
}
