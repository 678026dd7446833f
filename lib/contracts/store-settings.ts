import {
  createLocationRequestSchema,
  listLocationsQuerySchema,
  listLocationsResponseSchema,
  locationResponseSchema,
  updateLocationRequestSchema,
} from "../schemas/locations";
import { storeResponseSchema, updateStoreRequestSchema } from "../schemas/stores";
import { AUTH, defineContract, id, storeParams } from "./contract";

const locationParams = storeParams.extend({ locationId: id("Location id (`loc_…`).") });

const ADMINS = "Admins (and the store's API secrets, which act as admins) only: 403 for editors and viewers.";
const NOT_IN_SERVICE =
  "The real service publishes no store or location operations; these follow the inbound-shipment " +
  "resource's conventions (`{ resource }` wrappers, problem types `com.service.api:<resource>/<code>`).";

/** Store settings and locations (docs/locations.md): Settings -> Store in the web app. */

export const getStore = defineContract({
  method: "get",
  path: "/stores/{storeId}",
  operationId: "getStore",
  resource: "store",
  access: "read",
  summary: "Get store",
  description:
    "The store's name, default currency and time zone, and (Backroom extension) `supplierClaimDueDays`. " +
    NOT_IN_SERVICE,
  tag: "Store",
  params: storeParams,
  responses: { 200: { description: "The store.", schema: storeResponseSchema } },
  errors: [...AUTH],
});

export const updateStore = defineContract({
  method: "patch",
  path: "/stores/{storeId}",
  operationId: "updateStore",
  resource: "store",
  access: "admin",
  summary: "Update store",
  description:
    "Changes any of `name`, `currency` (the default for records created from now on; stored amounts keep " +
    "their own currency), `timeZone` (an IANA zone; staff pages show dates in it) and the Backroom extension " +
    "`supplierClaimDueDays` (1 to 365: days from a supplier claim's drafting to its due date, for claims " +
    "drafted from now on; anything else is a 400 naming `store.supplierClaimDueDays`). A request that " +
    `changes nothing answers the store unchanged. ${ADMINS}`,
  tag: "Store",
  params: storeParams,
  body: updateStoreRequestSchema,
  responses: { 200: { description: "The store as it now is.", schema: storeResponseSchema } },
  errors: [400, ...AUTH, 413, 415],
});

export const listLocations = defineContract({
  method: "get",
  path: "/stores/{storeId}/locations",
  operationId: "listLocations",
  resource: "location",
  access: "read",
  summary: "List locations",
  description:
    "The store's active locations (warehouses, stores, return hubs) by name; with `include_archived=true` " +
    "the archived ones follow. Not paged: a store has a handful.",
  tag: "Locations",
  params: storeParams,
  query: listLocationsQuerySchema,
  responses: { 200: { description: "The store's locations.", schema: listLocationsResponseSchema } },
  errors: [400, ...AUTH],
});

export const createLocation = defineContract({
  method: "post",
  path: "/stores/{storeId}/locations",
  operationId: "createLocation",
  resource: "location",
  access: "admin",
  summary: "Create location",
  description:
    "Adds an active location. A name the store already uses (archived locations included) answers 409 " +
    `\`location/name-taken\`. ${ADMINS} ${NOT_IN_SERVICE}`,
  tag: "Locations",
  params: storeParams,
  body: createLocationRequestSchema,
  responses: { 201: { description: "The new location.", schema: locationResponseSchema } },
  errors: [400, ...AUTH, 409, 413, 415],
});

export const getLocation = defineContract({
  method: "get",
  path: "/stores/{storeId}/locations/{locationId}",
  operationId: "getLocation",
  resource: "location",
  access: "read",
  storeOf: "location",
  summary: "Get location",
  description: "One location, archived or not.",
  tag: "Locations",
  params: locationParams,
  responses: { 200: { description: "The location.", schema: locationResponseSchema } },
  errors: [...AUTH, 404],
});

export const updateLocation = defineContract({
  method: "patch",
  path: "/stores/{storeId}/locations/{locationId}",
  operationId: "updateLocation",
  resource: "location",
  access: "admin",
  storeOf: "location",
  summary: "Rename, archive or restore a location",
  description:
    "`name` renames (409 `location/name-taken` if the store uses it); `archived: true` archives: the " +
    "location keeps its stock, shipments and history and leaves pickers; `archived: false` restores it. " +
    "Archiving the store's only active location answers 409 `location/last-active`. Locations are never " +
    `deleted, so nothing that points at one breaks. ${ADMINS}`,
  tag: "Locations",
  params: locationParams,
  body: updateLocationRequestSchema,
  responses: { 200: { description: "The location as it now is.", schema: locationResponseSchema } },
  errors: [400, ...AUTH, 404, 409, 413, 415],
});
