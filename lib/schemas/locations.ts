import { z } from "zod";

/**
 * A store's locations (warehouses, stores, return hubs). Not in the interface: the web app needs them for
 * the location filters of the shipment and inventory lists (docs/api.md "Operations beyond the interface").
 * `{ id, name }` is the shape a shipment's destination already has.
 */

export const locationSchema = z
  .object({
    id: z.string().meta({ description: "Prefixed `loc_`.", example: "loc_3ZbQ9mX2kT7vLp0aYc1RfD" }),
    name: z.string(),
  })
  .meta({ id: "Location" });
export type Location = z.infer<typeof locationSchema>;

export const listLocationsResponseSchema = z
  .object({ locations: z.array(locationSchema) })
  .meta({ id: "LocationList" });
export type ListLocationsResponse = z.infer<typeof listLocationsResponseSchema>;
