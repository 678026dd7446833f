import { z } from "zod";
import { INVENTORY_ITEM_KINDS, INVENTORY_STOCK_FILTERS, NON_SELLABLE_STOCK_STATES } from "../enums";

/**
 * Inventory item bodies (interface-v2.2 "Inventory item", decisions §6). Every field is always present;
 * `sku` and `name` may be null. Timestamps always carry milliseconds (`2026-01-02T03:04:05.000Z`), as
 * `Date#toISOString` writes them. No transforms, so `z.toJSONSchema` converts these for OpenAPI.
 */

/** ISO 8601 UTC timestamp with exactly three fraction digits. */
const timestampMs = z.iso.datetime({ precision: 3 }).meta({ example: "2026-01-02T03:04:05.000Z" });

export const inventoryItemKindSchema = z.enum(INVENTORY_ITEM_KINDS).meta({
  id: "InventoryItemKind",
  description:
    "PRODUCT: a catalog variant; RETURN: returned goods held apart; UNDECLARED: goods that arrived without being on a shipment; UNKNOWN: unidentified goods.",
});

export const inventoryItemLocationSchema = z
  .object({
    location_id: z.string().meta({ example: "loc_3ZbQ9mX2kT7vLp0aYc1RfD" }),
    location_name: z.string(),
    bin: z.string().nullable().meta({
      description:
        "The code of the bin holding all of this location's units; null when some are unbinned or they sit in several bins (the item's bin stock lists each, docs/bins.md), as the real service sends null when none is assigned.",
    }),
    quantity: z.int().min(0),
  })
  .meta({ id: "InventoryItemLocation" });
export type InventoryItemLocation = z.infer<typeof inventoryItemLocationSchema>;

export const inventoryItemSchema = z
  .object({
    id: z.string().meta({ example: "ii_3ZbQ9mX2kT7vLp0aYc1RfD" }),
    sku: z.string().nullable(),
    name: z.string().nullable(),
    kind: inventoryItemKindSchema,
    lot_number: z.string().nullable().meta({
      description:
        "The lot, for lot-tracked inventory: the lot of the newest receipt of a product that tracks lots (`tracks_lots`, docs/bins.md); null for other items, as in the real service for untracked items.",
    }),
    expiration_date: z.iso.date().nullable().meta({
      description: "That lot's expiry (YYYY-MM-DD), when its receipt gave one; null without a lot.",
    }),
    quantity: z.int().min(0).meta({ description: "Total quantity: the sum of the locations' quantities." }),
    locations: z.array(inventoryItemLocationSchema),
    held: z.array(z.object({ state: z.enum(NON_SELLABLE_STOCK_STATES), quantity: z.int().min(1) })).meta({
      description:
        "Backroom extension: units held out of sellable stock by a disposition (open box, refurbish, return to vendor, …), per state in the state list's order, at `location_id` only when the list is filtered by it; `[]` when none. `quantity` never counts them (docs/dispositions.md).",
    }),
    created_at: timestampMs,
    updated_at: timestampMs,
  })
  .meta({ id: "InventoryItem" });
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

export const inventoryItemResponseSchema = z
  .object({ inventory_item: inventoryItemSchema })
  .meta({ id: "InventoryItemResponse" });

export const inventoryItemListResponseSchema = z
  .object({ inventory_items: z.array(inventoryItemSchema) })
  .meta({ id: "InventoryItemListResponse" });

export const INVENTORY_ITEM_QUERY_MAX_LENGTH = 200;

/**
 * Filters of the inventory item list (query string). Unknown parameters are refused (400) so a typo
 * is reported rather than silently returning everything; paging travels in headers, as for inbound
 * shipments.
 */
export const listInventoryItemsQuerySchema = z
  .strictObject({
    sku: z.string().min(1).max(255).optional().meta({ description: "Exact SKU." }),
    kind: inventoryItemKindSchema.optional(),
    location_id: z.string().max(64).regex(/^loc_/, "Must be a location id (prefix loc_).").optional().meta({
      description:
        "Only items at this location: their `quantity` is the quantity there and `locations` lists only it (so `quantity` stays the sum of `locations`), as the real service answers.",
    }),
    q: z
      .string()
      .min(1)
      .max(INVENTORY_ITEM_QUERY_MAX_LENGTH)
      .optional()
      .meta({ description: "Case-insensitive substring of the SKU or the name." }),
    stock: z.enum(INVENTORY_STOCK_FILTERS).default("in_stock").meta({
      description:
        "Backroom extension. `in_stock` (default, the real service's list: items with on-hand quantity above zero, at `location_id` when given), `out_of_stock` (items with none), `any` (every item, as the app's inventory page shows them).",
    }),
  })
  .meta({ description: "Filters of GET /stores/{storeId}/inventory-items." });
