import { z } from "zod";
import { ACTOR_KINDS, INVENTORY_MOVEMENT_REASONS, INVENTORY_MOVEMENT_SOURCES, STOCK_STATES } from "../enums";
import { dateTimeInputSchema, timestampSchema } from "./common";

/**
 * Inventory levels (the real service's `inventory-level-list.schema.yaml` and `inventory-level-detail`) and
 * Backroom's append-only ledger of their movements (docs/inventory-ledger.md). Levels follow the real service;
 * the ledger is Backroom's own, in the same snake_case.
 */

const locationIdSchema = z
  .string()
  .max(64)
  .regex(/^loc_[0-9A-Za-z]{1,60}$/, "Expected a location id starting with loc_.");
const inventoryItemIdSchema = z
  .string()
  .max(64)
  .regex(/^ii_[0-9A-Za-z]{1,60}$/, "Expected an inventory item id starting with ii_.");

export const inventoryLevelSchema = z
  .object({
    id: z.string().meta({ description: "Prefixed inventory level id (`li_…`)." }),
    product: z
      .object({
        id: z.string().meta({
          description:
            "The product's id (`prd_…`); for goods not linked to a catalog variant (unknown or undeclared items " +
            "without a product) the inventory item's id (`ii_…`).",
        }),
        title: z
          .string()
          .meta({ description: "Product title including variant options (or the item's name)." }),
        sku: z.string().nullable(),
      })
      .meta({ id: "InventoryLevelProduct" }),
    location: z.object({ id: z.string(), name: z.string() }).meta({ id: "InventoryLevelLocation" }),
    quantity: z.int().min(0).meta({ description: "On-hand quantity." }),
    available: z.int().meta({
      description:
        "`quantity - committed - reserved`; Backroom keeps no allocations, so equal to `quantity`.",
    }),
    committed: z
      .int()
      .meta({ description: "Allocated to unfulfilled orders: always 0 (no allocations yet)." }),
    reserved: z.int().meta({ description: "Held back: always 0 (damaged units leave the level instead)." }),
    buildable: z
      .int()
      .meta({ description: "Assemblable from components: always 0 (no bills of materials)." }),
    total_available: z.int().meta({ description: "`available + buildable`." }),
    inventory_item_id: z.string().meta({
      description: "Backroom's inventory item (`ii_…`) the level belongs to; filter the ledger by it.",
    }),
    updated_at: timestampSchema,
  })
  .meta({ id: "InventoryLevel" });
export type InventoryLevel = z.infer<typeof inventoryLevelSchema>;

export const inventoryLevelDetailSchema = inventoryLevelSchema
  .extend({
    product: inventoryLevelSchema.shape.product
      .extend({
        upc: z.string().nullable().meta({ description: "Universal product code, when known." }),
        image_url: z.string().nullable().meta({ description: "The variant's image, else the product's." }),
      })
      .meta({ id: "InventoryLevelProductDetail" }),
    external_ids: z
      .record(z.string(), z.string())
      .nullable()
      .meta({ description: "External system ids; null (Backroom syncs with no external system yet)." }),
    created_at: timestampSchema,
  })
  .meta({ id: "InventoryLevelDetail" });
export type InventoryLevelDetail = z.infer<typeof inventoryLevelDetailSchema>;

export const listInventoryLevelsResponseSchema = z
  .object({ inventory_levels: z.array(inventoryLevelSchema) })
  .meta({ id: "InventoryLevelList" });

export const inventoryLevelResponseSchema = z
  .object({ inventory_level: inventoryLevelDetailSchema })
  .meta({ id: "InventoryLevelResponse" });

/** The real service's filters (`inventory-levels.path.yaml`); unknown parameters are refused (400). */
export const listInventoryLevelsQuerySchema = z.strictObject({
  location_id: locationIdSchema.optional(),
  product_id: z
    .string()
    .max(64)
    .regex(/^(prd|ii)_[0-9A-Za-z]{1,60}$/, "Expected a product id starting with prd_.")
    .optional()
    .meta({
      description: "Levels of this product's variants (or of the item `ii_…` a level's product id names).",
    }),
  sku: z.string().min(1).max(255).optional().meta({ description: "Exact SKU." }),
  updated_at_min: dateTimeInputSchema.optional().meta({ description: "Updated at or after (inclusive)." }),
  updated_at_max: dateTimeInputSchema.optional().meta({ description: "Updated before (exclusive)." }),
});

const actorSchema = z
  .object({
    type: z.enum(ACTOR_KINDS),
    id: z
      .string()
      .nullable()
      .meta({ description: "Staff user (`usr_…`) or API secret (`key_…`); null for Backroom." }),
    name: z.string().nullable().meta({ description: "The staff member's or API secret's name at the time." }),
  })
  .meta({ id: "InventoryMovementActor" });

export const inventoryMovementSchema = z
  .object({
    id: z.string().meta({ description: "Prefixed `mov_`." }),
    inventory_item_id: z.string(),
    sku: z.string().nullable(),
    location: z.object({ id: z.string(), name: z.string() }).meta({ id: "InventoryMovementLocation" }),
    bin: z.object({ id: z.string(), code: z.string() }).nullable().meta({
      id: "InventoryMovementBin",
      description: "The bin the units went into or out of; null for the unbinned remainder (docs/bins.md).",
    }),
    stock_state: z.enum(STOCK_STATES).meta({
      id: "StockState",
      description:
        "The stock state the units are in (docs/dispositions.md): `sellable` rows make the level; the others a " +
        "non-sellable state's quantity, kept out of the level.",
    }),
    quantity_delta: z.int().meta({ description: "Units added (positive) or removed (negative); never 0." }),
    quantity_after: z.int().min(0).meta({
      description:
        "The level right after this movement; for a non-sellable `stock_state`, that state's units at the location.",
    }),
    reason: z.enum(INVENTORY_MOVEMENT_REASONS).meta({ id: "InventoryMovementReason" }),
    source: z
      .object({
        type: z.enum(INVENTORY_MOVEMENT_SOURCES),
        id: z
          .string()
          .nullable()
          .meta({ description: "The receipt, return, import or transfer (`trf_…`); null otherwise." }),
        inbound_shipment_id: z.string().nullable().meta({
          description: "For a receipt, the inbound shipment (`inb_…`) it received; null otherwise.",
        }),
      })
      .meta({ id: "InventoryMovementSource" }),
    actor: actorSchema,
    idempotency_key: z
      .string()
      .nullable()
      .meta({ description: "The Idempotency-Key of the request that made it, when one was sent." }),
    note: z.string().nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: "InventoryMovement" });
export type InventoryMovement = z.infer<typeof inventoryMovementSchema>;

export const INVENTORY_MOVEMENTS_PER_REQUEST = 1000;
export const INVENTORY_MOVEMENT_MAX = 1_000_000;

/** One requested change: an item (by id or SKU) at a location, adjusted by a delta or set to a count. */
const movementRequestSchema = z
  .strictObject({
    inventory_item_id: inventoryItemIdSchema.optional(),
    sku: z.string().min(1).max(255).optional().meta({ description: "The SKU of a PRODUCT inventory item." }),
    location_id: locationIdSchema,
    adjust_by: z
      .int()
      .min(-INVENTORY_MOVEMENT_MAX)
      .max(INVENTORY_MOVEMENT_MAX)
      .refine((n) => n !== 0, "adjust_by must not be 0.")
      .optional()
      .meta({ description: "Units to add (positive) or remove (negative)." }),
    set_to: z
      .int()
      .min(0)
      .max(INVENTORY_MOVEMENT_MAX)
      .optional()
      .meta({ description: "The counted quantity: the level becomes this (a cycle count)." }),
    // `moved` is the bin moves' own (POST …/bin-moves): an adjustment changes the level, a move never does.
    // The transfer reasons are a transfer's own (docs/transfers.md): its ship and cancel write them.
    // `disposition` is the stock state moves' own (POST …/stock-state-moves, docs/dispositions.md), and
    // `written_off` the write-offs' (POST …/stock-state-write-offs): sellable units are adjusted, not written off.
    reason: z
      .enum(INVENTORY_MOVEMENT_REASONS)
      .exclude(["moved", "transfer_out", "transfer_cancelled", "disposition", "written_off"]),
    note: z.string().max(500).optional(),
  })
  .superRefine((row, ctx) => {
    if ((row.inventory_item_id === undefined) === (row.sku === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["inventory_item_id"],
        message: "Give exactly one of inventory_item_id and sku.",
      });
    }
    if ((row.adjust_by === undefined) === (row.set_to === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["adjust_by"],
        message: "Give exactly one of adjust_by and set_to.",
      });
    }
  });
export type InventoryMovementRequest = z.infer<typeof movementRequestSchema>;

export const createInventoryMovementsRequestSchema = z.strictObject({
  movements: z.array(movementRequestSchema).min(1).max(INVENTORY_MOVEMENTS_PER_REQUEST),
});

export const createInventoryMovementsResponseSchema = z
  .object({
    inventory_movements: z.array(inventoryMovementSchema).meta({
      description: "The movements recorded, in request order; a row that changes nothing records none.",
    }),
    inventory_levels: z.array(inventoryLevelSchema).meta({
      description: "Each level the request addressed, as it now is, in the order first addressed.",
    }),
  })
  .meta({ id: "InventoryMovementsCreated" });

export const listInventoryMovementsResponseSchema = z
  .object({ inventory_movements: z.array(inventoryMovementSchema) })
  .meta({ id: "InventoryMovementList" });

export const listInventoryMovementsQuerySchema = z.strictObject({
  inventory_item_id: inventoryItemIdSchema.optional(),
  location_id: locationIdSchema.optional(),
  reason: z.enum(INVENTORY_MOVEMENT_REASONS).optional(),
  created_at_min: dateTimeInputSchema.optional().meta({ description: "Created at or after (inclusive)." }),
  created_at_max: dateTimeInputSchema.optional().meta({ description: "Created before (exclusive)." }),
});
