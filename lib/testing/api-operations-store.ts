import * as locationById from "@/app/api/v2.2/stores/[storeId]/locations/[locationId]/route";
import * as storeLocations from "@/app/api/v2.2/stores/[storeId]/locations/route";
import * as storeById from "@/app/api/v2.2/stores/[storeId]/route";
import type { ApiOperation } from "./api-operations";

const locationPath = (s: string, id: string) => `/stores/${s}/locations/${id}`;

/** Store settings and locations in the cross-tenant table: reads for everyone, writes for admins. */
export const storeOperations: ApiOperation[] = [
  {
    name: "GET /stores/{storeId}",
    handler: storeById.GET,
    method: "GET",
    access: "read",
    store: true,
    ok: [200],
    path: (s) => `/stores/${s}`,
    params: (s) => ({ storeId: s }),
  },
  {
    name: "PATCH /stores/{storeId}",
    handler: storeById.PATCH,
    method: "PATCH",
    access: "admin",
    store: true,
    ok: [200],
    path: (s) => `/stores/${s}`,
    params: (s) => ({ storeId: s }),
    // A time zone only: an allowed call changes nothing the other tests of the suite read.
    body: () => ({ store: { timeZone: "UTC" } }),
  },
  {
    name: "GET /stores/{storeId}/locations",
    handler: storeLocations.GET,
    method: "GET",
    access: "read",
    store: true,
    ok: [200],
    path: (s) => `/stores/${s}/locations`,
    params: (s) => ({ storeId: s }),
  },
  {
    name: "POST /stores/{storeId}/locations",
    handler: storeLocations.POST,
    method: "POST",
    access: "admin",
    store: true,
    ok: [201],
    path: (s) => `/stores/${s}/locations`,
    params: (s) => ({ storeId: s }),
    // A new name per call, so an allowed call is never a 409.
    body: () => ({ location: { name: `Probe ${Math.random().toString(36).slice(2)}` } }),
  },
  {
    name: "GET /stores/{storeId}/locations/{locationId}",
    handler: locationById.GET,
    method: "GET",
    access: "read",
    store: true,
    resource: "location",
    ok: [200],
    path: (s, ids) => locationPath(s, ids.locationId),
    params: (s, ids) => ({ storeId: s, locationId: ids.locationId }),
  },
  {
    name: "PATCH /stores/{storeId}/locations/{locationId}",
    handler: locationById.PATCH,
    method: "PATCH",
    access: "admin",
    store: true,
    resource: "location",
    ok: [200],
    path: (s, ids) => locationPath(s, ids.locationId),
    params: (s, ids) => ({ storeId: s, locationId: ids.locationId }),
    body: () => ({ location: { archived: false } }),
  },
];
