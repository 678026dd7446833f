/**
 * One factory for every TanStack Query key in the app (Medusa's dashboard pattern). Keys are hierarchical,
 * so a mutation invalidates exactly what it changed: a prefix covers its lists and details, and nothing
 * else. Filters are part of list keys, so each filter combination is cached on its own.
 */

export type ShipmentListFilters = {
  /** Part of a tracking number, shipment id, merchant reference or SKU (the API's `q` with `match=contains`). */
  q?: string;
  status?: string;
  locationId?: string;
  createdAtMin?: string;
  createdAtMax?: string;
  /** Not yet received and expected before today (the overview's "late"). */
  late?: boolean;
  /** Not yet received and expected from today to today + N days (the overview's "arriving"). */
  arrivingWithinDays?: number;
};

export type ReturnListFilters = { status?: string; q?: string; sort?: string; order?: string };

/** The filters the status tabs count under: everything but the status (and the order, which counts ignore). */
export type ReturnCountFilters = { q?: string };

export type InventoryListFilters = {
  q?: string;
  sku?: string;
  kind?: string;
  locationId?: string;
  /** Absent: every item (the page's view); the API alone would answer in-stock items only. */
  stock?: string;
};

export type SupplierClaimListFilters = { status?: string; supplierId?: string };

export type TransferListFilters = { status?: string; originId?: string; destinationId?: string };

export type DeliveryListFilters = { status?: string };

export type NotificationListFilters = {
  kind?: string;
  channel?: string;
  status?: string;
  recipient?: string;
  createdAtMin?: string;
  createdAtMax?: string;
};

export const queryKeys = {
  store: (storeId: string) => ["stores", storeId] as const,
  /** The latest label prints of one object (the print control's list). */
  labelPrints: (storeId: string, subjectType: string, subjectId: string) =>
    ["stores", storeId, "label-prints", subjectType, subjectId] as const,
  /** The overview's counts and series: under the store, so any change of the store's data may refresh it. */
  overview: (storeId: string) => ["stores", storeId, "overview"] as const,

  inboundShipments: {
    all: (storeId: string) => ["stores", storeId, "inbound-shipments"] as const,
    /** Every list of the store's shipments (any filter): a receipt moves its shipment to the front. */
    lists: (storeId: string) => ["stores", storeId, "inbound-shipments", "list"] as const,
    list: (storeId: string, filters: ShipmentListFilters) =>
      ["stores", storeId, "inbound-shipments", "list", filters] as const,
    /** One shipment (Get inbound shipment's detail view), and its receipts under it. */
    detail: (storeId: string, inboundShipmentId: string) =>
      ["stores", storeId, "inbound-shipments", "detail", inboundShipmentId] as const,
    receipts: (storeId: string, inboundShipmentId: string) =>
      ["stores", storeId, "inbound-shipments", "detail", inboundShipmentId, "receipts"] as const,
    events: (storeId: string, inboundShipmentId: string) =>
      ["stores", storeId, "inbound-shipments", "detail", inboundShipmentId, "events"] as const,
  },

  returns: {
    /** Every list of a store's returns (any filter). */
    lists: (storeId: string) => ["stores", storeId, "returns", "list"] as const,
    list: (storeId: string, filters: ReturnListFilters) =>
      ["stores", storeId, "returns", "list", filters] as const,
    /** The status tabs' counts; a status change anywhere in the store makes them stale. */
    counts: (storeId: string, filters: ReturnCountFilters) =>
      ["stores", storeId, "returns", "counts", filters] as const,
    allCounts: (storeId: string) => ["stores", storeId, "returns", "counts"] as const,
    /** One return with its order, and everything under it. */
    detail: (returnId: string) => ["returns", returnId] as const,
    comments: (returnId: string) => ["returns", returnId, "comments"] as const,
    /** Where this page's last processing put units (kept in the cache only): the putaway card reads it. */
    processedUnits: (returnId: string) => ["returns", returnId, "processed-units"] as const,
    /** Its timeline (everything that happened), under the detail so a change to the return refreshes it. */
    timeline: (returnId: string) => ["returns", returnId, "timeline"] as const,
    /** Its items' checklists and custody checks (docs/inspection.md), under the detail likewise. */
    inspection: (returnId: string) => ["returns", returnId, "inspection"] as const,
    /** The store's inspection checklists (Settings). */
    checklists: (storeId: string) => ["stores", storeId, "inspection-checklists"] as const,
  },

  orders: {
    all: (storeId: string) => ["stores", storeId, "orders"] as const,
    /** Orders matching a search, for the create-return order picker. */
    search: (storeId: string, term: string) => ["stores", storeId, "orders", "search", term] as const,
    /** One order in the Get order shape (its fulfillments and tracking). */
    detail: (storeId: string, orderId: string) => ["stores", storeId, "orders", "detail", orderId] as const,
  },

  locations: {
    /** Every list of the store's locations (the prefix a location change invalidates). */
    all: (storeId: string) => ["stores", storeId, "locations"] as const,
    /** Active locations, for pickers and filters. */
    list: (storeId: string) => ["stores", storeId, "locations", "active"] as const,
    /** Active and archived (Settings -> Store). */
    withArchived: (storeId: string) => ["stores", storeId, "locations", "with-archived"] as const,
  },

  /** The store's settings (name, currency, time zone). */
  storeSettings: (storeId: string) => ["stores", storeId, "settings"] as const,

  inventoryItems: {
    all: (storeId: string) => ["stores", storeId, "inventory-items"] as const,
    lists: (storeId: string) => ["stores", storeId, "inventory-items", "list"] as const,
    list: (storeId: string, filters: InventoryListFilters) =>
      ["stores", storeId, "inventory-items", "list", filters] as const,
    detail: (storeId: string, inventoryItemId: string) =>
      ["stores", storeId, "inventory-items", "detail", inventoryItemId] as const,
    /** The PRODUCT item carrying a SKU (links from shipment items), or null. */
    bySku: (storeId: string, sku: string) => ["stores", storeId, "inventory-items", "by-sku", sku] as const,
    /** Catalog products matching a search, for pickers. */
    search: (storeId: string, term: string) =>
      ["stores", storeId, "inventory-items", "search", term] as const,
    /** An item's units per bin at each location (under `all`: every stock change refreshes it). */
    /** Its units per stock state (docs/dispositions.md), under the items so every stock change refreshes it. */
    stockStates: (storeId: string, inventoryItemId: string) =>
      ["stores", storeId, "inventory-items", "stock-states", inventoryItemId] as const,
    binStock: (storeId: string, inventoryItemId: string) =>
      ["stores", storeId, "inventory-items", "bin-stock", inventoryItemId] as const,
  },

  /** Suppliers and their scorecards (docs/suppliers.md). */
  suppliers: {
    all: (storeId: string) => ["stores", storeId, "suppliers"] as const,
    scorecard: (storeId: string, supplierId: string) =>
      ["stores", storeId, "suppliers", "scorecard", supplierId] as const,
  },
  /** Supplier claims; receipts draft them, so a receipt refreshes the whole store anyway. */
  supplierClaims: {
    all: (storeId: string) => ["stores", storeId, "supplier-claims"] as const,
    list: (storeId: string, filters: SupplierClaimListFilters) =>
      ["stores", storeId, "supplier-claims", "list", filters] as const,
    detail: (storeId: string, supplierClaimId: string) =>
      ["stores", storeId, "supplier-claims", "detail", supplierClaimId] as const,
  },
  transfers: {
    /** Every list and detail of the store's transfers. */
    all: (storeId: string) => ["stores", storeId, "transfers"] as const,
    list: (storeId: string, filters: TransferListFilters) =>
      ["stores", storeId, "transfers", "list", filters] as const,
    detail: (storeId: string, transferId: string) =>
      ["stores", storeId, "transfers", "detail", transferId] as const,
  },
  /** Cycle counts (docs/cycle-counts.md); applying one changes stock, so it also invalidates inventoryItems.all. */
  cycleCounts: {
    all: (storeId: string) => ["stores", storeId, "cycle-counts"] as const,
    list: (storeId: string, filters: { status?: string }) =>
      ["stores", storeId, "cycle-counts", "list", filters] as const,
    detail: (storeId: string, cycleCountId: string) =>
      ["stores", storeId, "cycle-counts", "detail", cycleCountId] as const,
    settings: (storeId: string) => ["stores", storeId, "cycle-counts", "settings"] as const,
    /** Under inventoryItems.all, so applying a count refreshes it with the item's stock. */
    ofItem: (storeId: string, inventoryItemId: string) =>
      ["stores", storeId, "inventory-items", "cycle-counts", inventoryItemId] as const,
  },

  /** The store's disposition rules (docs/dispositions.md). */
  dispositionRules: (storeId: string) => ["stores", storeId, "disposition-rules"] as const,

  bins: {
    /** Every list of the store's bins (the prefix a bin change invalidates). */
    all: (storeId: string) => ["stores", storeId, "bins"] as const,
    /** A location's bins, archived ones too. */
    ofLocation: (storeId: string, locationId: string) => ["stores", storeId, "bins", locationId] as const,
    /** A location's putaway rules (under the bins, so a bin change refreshes them too). */
    putawayRules: (storeId: string, locationId: string) =>
      ["stores", storeId, "bins", locationId, "putaway-rules"] as const,
    /** Every putaway suggestion: a putaway, a move or a rule change makes them stale. */
    suggestions: (storeId: string) => ["stores", storeId, "bins", "putaway-suggestions"] as const,
    suggestion: (storeId: string, inventoryItemId: string, locationId: string) =>
      ["stores", storeId, "bins", "putaway-suggestions", inventoryItemId, locationId] as const,
  },

  /** The inventory ledger; a stock change invalidates all of it with the store's items. */
  inventoryMovements: {
    all: (storeId: string) => ["stores", storeId, "inventory-movements"] as const,
    ofItem: (storeId: string, inventoryItemId: string) =>
      ["stores", storeId, "inventory-movements", "item", inventoryItemId] as const,
  },

  webhooks: {
    list: (storeId: string) => ["stores", storeId, "webhooks"] as const,
    /** One webhook and everything under it (deliveries, signing secret). */
    detail: (webhookId: string) => ["webhooks", webhookId] as const,
    deliveries: (webhookId: string, filters: DeliveryListFilters = {}) =>
      ["webhooks", webhookId, "deliveries", filters] as const,
    allDeliveries: (webhookId: string) => ["webhooks", webhookId, "deliveries"] as const,
    /** Under allDeliveries, so a resend refreshes them too. */
    delivery: (webhookId: string, deliveryId: string) =>
      ["webhooks", webhookId, "deliveries", "one", deliveryId] as const,
    failedCount: (webhookId: string) => ["webhooks", webhookId, "deliveries", "failed-count"] as const,
    signingSecret: (webhookId: string) => ["webhooks", webhookId, "signing-secret"] as const,
  },

  apiSecrets: {
    list: (storeId: string) => ["stores", storeId, "api-secrets"] as const,
  },

  notifications: {
    settings: (storeId: string) => ["stores", storeId, "notification-settings"] as const,
    /** Every filtered list of the history (what a test send makes stale). */
    history: (storeId: string) => ["stores", storeId, "notifications"] as const,
    list: (storeId: string, filters: NotificationListFilters) =>
      ["stores", storeId, "notifications", filters] as const,
    mine: (storeId: string) => ["stores", storeId, "notification-preferences"] as const,
    defaults: (storeId: string) => ["stores", storeId, "notification-defaults"] as const,
    reportSchedule: (storeId: string, viewId: string) =>
      ["stores", storeId, "saved-views", viewId, "report-schedule"] as const,
  },

  staffMembers: {
    list: (storeId: string) => ["stores", storeId, "staff-members"] as const,
  },
} as const;
