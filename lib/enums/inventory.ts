/** Inbound shipments, receipts and the inventory ledger. */

export const INBOUND_SHIPMENT_STATUSES = ["PENDING", "IN_TRANSIT", "PARTIALLY_RECEIVED", "RECEIVED"] as const;
export type InboundShipmentStatus = (typeof INBOUND_SHIPMENT_STATUSES)[number];

/** Why units of a receipt line were damaged or missing (docs/receiving.md). */
export const RECEIPT_DISCREPANCY_REASONS = [
  "damaged_in_transit",
  "defective",
  "wrong_item",
  "short_shipped",
  "other",
] as const;
export type ReceiptDiscrepancyReason = (typeof RECEIPT_DISCREPANCY_REASONS)[number];

export const INVENTORY_ITEM_KINDS = ["PRODUCT", "RETURN", "UNDECLARED", "UNKNOWN"] as const;
export type InventoryItemKind = (typeof INVENTORY_ITEM_KINDS)[number];

/** Which items the inventory list selects by stock: the published list's in-stock ones (default), or others. */
export const INVENTORY_STOCK_FILTERS = ["in_stock", "out_of_stock", "any"] as const;
export type InventoryStockFilter = (typeof INVENTORY_STOCK_FILTERS)[number];

/**
 * Why an inventory level moved (the stock ledger): `received` (a receipt), `returned` (a processed return),
 * `correction` (a manual fix), `damaged` (units written off), `cycle_count` (a count set the level), `import`
 * (a CSV import, and the opening balance of stock that existed before the ledger), `moved` (units moved
 * between bins of one location: a pair of rows, out of one bin and into another, that leaves the level as it was),
 * `transfer_out` (units shipped to another location by a transfer) and `transfer_cancelled` (a cancelled
 * transfer's units back at its origin; docs/transfers.md) and `disposition` (units changed stock state: a pair of
 * rows, out of one state and into another, docs/dispositions.md).
 */
export const INVENTORY_MOVEMENT_REASONS = [
  "received",
  "returned",
  "correction",
  "damaged",
  "cycle_count",
  "import",
  "moved",
  "transfer_out",
  "transfer_cancelled",
  "disposition",
  /** Units leave the books out of a non-sellable state: disposed of, donated, sold off, shipped to the vendor. */
  "written_off",
] as const;
export type InventoryMovementReason = (typeof INVENTORY_MOVEMENT_REASONS)[number];

/**
 * What a movement came from: its `source.type`, with `source.id` the receipt, return, import or cycle count where
 * there is one.
 */
export const INVENTORY_MOVEMENT_SOURCES = [
  "adjustment",
  "receipt",
  "return",
  "import",
  "opening_balance",
  "bin_move",
  "transfer",
  "cycle_count",
  "disposition_change",
  "write_off",
] as const;
export type InventoryMovementSource = (typeof INVENTORY_MOVEMENT_SOURCES)[number];

/** Who made a movement: a staff member, an API secret (by its name), or Backroom itself (opening balances). */
export const ACTOR_KINDS = ["staff", "api_secret", "system"] as const;

/**
 * A transfer between two locations of a store (docs/transfers.md): DRAFT (editable, no stock moved), IN_TRANSIT
 * (units left the origin), PARTIALLY_RECEIVED and CLOSED (following its destination shipment's receipts),
 * CANCELLED (units back at the origin, or never moved).
 */
export const TRANSFER_STATUSES = [
  "DRAFT",
  "IN_TRANSIT",
  "PARTIALLY_RECEIVED",
  "CLOSED",
  "CANCELLED",
] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/**
 * A cycle count's lifecycle (docs/cycle-counts.md), as Shopify's count sessions: `draft` (created, nothing
 * counted), `in_progress` (a place was started), `in_review` (submitted: variances computed, some auto-accepted),
 * `completed` (applied to the ledger) or `cancelled`.
 */
export const CYCLE_COUNT_STATUSES = ["draft", "in_progress", "in_review", "completed", "cancelled"] as const;
export type CycleCountStatus = (typeof CYCLE_COUNT_STATUSES)[number];

/**
 * One line (an item in one bin, or unbinned): `pending` (not counted yet), `counted`, `accepted` (its variance
 * will be applied: under the store's threshold, or an admin accepted it), `review` (over the threshold: an admin
 * accepts it or asks a recount) and `skipped` (its place was never started: the count leaves it as it is).
 */
export const CYCLE_COUNT_LINE_STATUSES = ["pending", "counted", "accepted", "review", "skipped"] as const;
export type CycleCountLineStatus = (typeof CYCLE_COUNT_LINE_STATUSES)[number];

/** What a count covers: picked bins, a zone's bins, SKUs, or items not counted in N days. */
export const CYCLE_COUNT_SCOPES = ["bins", "zone", "skus", "not_counted_since"] as const;
export type CycleCountScope = (typeof CYCLE_COUNT_SCOPES)[number];

/**
 * What an inspector decides for a returned unit (docs/dispositions.md): `restock` puts it back into sellable
 * stock, every other value into the non-sellable stock state of the same name.
 */
export const DISPOSITIONS = [
  "restock",
  "open_box",
  "refurbish",
  "return_to_vendor",
  "liquidate",
  "donate",
  "dispose",
  "quarantine",
] as const;
export type Disposition = (typeof DISPOSITIONS)[number];

/**
 * The state a unit of stock is in at a location (docs/dispositions.md). `sellable` units are the level's
 * `quantity` (the published inventory level's meaning, unchanged); the others are held apart, each its own
 * count, and never in the level.
 */
export const STOCK_STATES = [
  "sellable",
  "open_box",
  "refurbish",
  "return_to_vendor",
  "liquidate",
  "donate",
  "dispose",
  "quarantine",
] as const;
export type StockState = (typeof STOCK_STATES)[number];
export const NON_SELLABLE_STOCK_STATES = STOCK_STATES.filter(
  (state): state is Exclude<StockState, "sellable"> => state !== "sellable",
);
export type NonSellableStockState = Exclude<StockState, "sellable">;

/** The stock state a disposition puts units into. */
export function stockStateOf(disposition: Disposition): StockState {
  return disposition === "restock" ? "sellable" : disposition;
}
