import type { ContractMap, OperationId } from "../contracts";
import type { ResourceParam } from "../ids";

/**
 * What the cross-tenant registry (api-operations.ts) cannot read from the contracts: the ids an operation
 * addresses and a valid body for each operation that needs one (the state a subject must be in, and the
 * queries some need, are in api-operation-states.ts).
 */

/**
 * The ids an operation can address: one of each resource kind a path names (lib/ids.ts, by path parameter),
 * all of one store (or all unknown), and what the bodies name besides. For an allowed call, `webhookId`'s
 * delivery is `deliveryId`, `inventoryItemId`'s level `inventoryLevelId` and `orderId`'s fulfillment
 * `fulfillmentId`; `apiSecretId` is a secret the suite does not authenticate with; `staffMemberId` a member
 * who is not an admin and whose only store it is; `locationId` an active location that is not the store's
 * only one (so archiving it is allowed); `viewId` a view shared with the store (so any editor may delete
 * it); `trackingNumber` the tracking number of a parcel of one of its returns.
 */
export type ResourceIds = Record<ResourceParam, string> & {
  /** An item of `returnId`. */
  itemId: string;
  /** Not an id: the SKU of a catalog variant of the store, for bodies that name lines by SKU. */
  sku: string;
  /** Not in a path: a line (`isp_…`) of `inboundShipmentId`, for bodies that name one. */
  shipmentItemId: string;
  /** Not in a path: the location of `binId`, where `inventoryItemId` has unbinned units to move into it. */
  binLocationId: string;
  /** Not an id: a tag name, for the paths that take one (a tag `returnId` may or may not have). */
  tagName: string;
};

/** A minimal Custom Order Sync body (lib/schemas/order-sync.ts), money as the package spells it. */
export const CROSS_TENANT_ORDER = {
  id: "CT-ORDER",
  type: "order",
  createdAt: "2026-01-05T10:00:00Z",
  updatedAt: "2026-01-05T10:00:00Z",
  presentmentCurrency: "USD",
  shopCurrency: "USD",
  customer: { email: "probe@example.com", firstName: "Cross", lastName: "Tenant" },
  lineItems: [
    {
      id: "CT-LINE-1",
      quantity: 1000,
      priceSet: {
        presentmentMoney: { amount: "10.00", currencyCode: "USD" },
        shopMoney: { amount: "10.00", currencyCode: "USD" },
      },
      title: "Probe",
      productId: "CT-PRODUCT",
      sku: "CT-PROBE-SKU",
    },
  ],
  orderDiscounts: [],
  shippingLines: [],
  fulfillments: [],
  shippingAddress: {
    address1: "1 Probe St",
    city: "Reno",
    provinceCode: "NV",
    zip: "89501",
    countryCode: "US",
  },
};

const PRODUCT_PROBE_CSV =
  "product_external_id,product_title,sku,price\nCT-PROBE-CSV,CSV probe,CT-PROBE-CSV-1,1.00\n";

const webhookBody = {
  webhook: { callback: { url: "https://hooks.example.com/cross-tenant", auth: null }, externalId: null },
};

type TakesBody<C> = C extends { body: object } ? true : C extends { csvBody: object } ? true : false;
/** The operations that take a body (JSON or CSV): each needs a valid one below, or the file does not compile. */
type OperationWithBody = {
  [K in OperationId]: TakesBody<ContractMap[K]> extends true ? K : never;
}[OperationId];

/**
 * A valid body for each operation that takes one: the only thing the registry cannot read from the
 * contracts. Each is chosen so an allowed call succeeds and changes nothing the suite reads afterwards.
 */
export const VALID_BODIES: { [K in OperationWithBody]: (ids: ResourceIds) => unknown } = {
  setReturnItemIdentifiers: (ids) => ({ items: [{ id: ids.itemId, externalIdentifier: "CROSS-TENANT" }] }),
  updateNotificationSettings: () => ({ notification_settings: { chatWebhookUrl: null } }),
  // Changing nothing: both leave every choice as it was.
  updateMyNotificationPreferences: () => ({ notification_preferences: {} }),
  updateStoreNotificationDefaults: () => ({ notification_defaults: {} }),
  // A weekly report at midnight on Sunday, of a view of the caller's own (the suite makes one).
  putReportSchedule: () => ({ report_schedule: { frequency: "weekly", weekday: 0, time: "00:00" } }),
  // Labels: ZPL (the cheapest to draw); each records a print and changes nothing the suite reads.
  printReturnLabels: () => ({ format: "zpl", size: "2x1" }),
  printInboundShipmentLabels: () => ({ format: "zpl", size: "2x1", kind: "lines" }),
  printInventoryItemLabels: () => ({ format: "zpl", size: "2x1" }),
  printLocationLabels: () => ({ format: "pdf", size: "2x1" }),
  printBinLabels: () => ({ format: "zpl", size: "2x1" }),
  // A new code per call, so an allowed call is never a 409.
  createBin: () => ({ bin: { code: `PROBE-${Math.random().toString(36).slice(2, 10)}` } }),
  updateBin: () => ({ bin: { archived: false } }),
  // One unit from unbinned into the suite's bin: the level, which the suite reads, does not change.
  moveInventoryItemBinStock: (ids) => ({
    move: { location_id: ids.binLocationId, from_bin_id: null, to_bin_id: ids.binId, quantity: 1 },
  }),
  createTransfer: (ids) => ({
    transfer: {
      origin_location_id: ids.binLocationId,
      destination_location_id: ids.locationId,
      lines: [{ sku: ids.sku, quantity: 1 }],
    },
  }),
  updateTransfer: () => ({ transfer: { note: "cross-tenant probe" } }),
  // No bins named: every line leaves the unbinned remainder, as a ship without a body.
  shipTransfer: () => ({}),
  // Sellable units into quarantine: the item has unbinned units at the bin's location (the bin move's too).
  moveInventoryItemStockState: (ids) => ({
    move: { location_id: ids.binLocationId, from_state: "sellable", to_state: "quarantine", quantity: 1 },
  }),
  // The suite puts a unit into quarantine first (cross-tenant.int.test.ts), so the allowed call has one.
  writeOffInventoryItemStockState: (ids) => ({
    write_off: {
      location_id: ids.binLocationId,
      state: "quarantine",
      quantity: 1,
      note: "cross-tenant probe",
    },
  }),
  replaceDispositionRules: () => ({ rules: [{ grade: "C", outcome: null, disposition: "open_box" }] }),
  replacePutawayRules: () => ({ rules: [{ match_field: "tag", match_value: "probe", zone: "Aisle P" }] }),
  // Importing it again leaves its one bin unchanged.
  checkBinImport: (ids) => `code,location,zone\nCT-IMPORT-BIN,${ids.locationId},Probe\n`,
  importBins: (ids) => `code,location,zone\nCT-IMPORT-BIN,${ids.locationId},Probe\n`,
  // Importing it again leaves its one supplier unchanged.
  checkSupplierImport: () => "name,email,code\nCT Import Supplier,ct@supplier.example,CT-IMP\n",
  importSuppliers: () => "name,email,code\nCT Import Supplier,ct@supplier.example,CT-IMP\n",
  // A new name per call: the suite calls a create once per allowed role.
  createSupplier: () => ({
    supplier: { name: `Probe ${crypto.randomUUID()}`, email: "claims@probe.example" },
  }),
  updateSupplier: () => ({ supplier: { email: "claims@probe.example" } }),
  sendSupplierClaim: () => ({ supplier_claim: {} }),
  creditSupplierClaim: () => ({ supplier_claim: { credited_amount: "1.00" } }),
  rejectSupplierClaim: () => ({ supplier_claim: { note: "cross-tenant probe" } }),
  discardSupplierClaim: () => ({ supplier_claim: { note: "cross-tenant probe" } }),
  addSupplierClaimLine: (ids) => ({
    supplier_claim_line: { sku: ids.sku, reason: "damaged", quantity: 1, unit_cost: "1.00" },
  }),
  updateSupplierClaimLine: () => ({ supplier_claim_line: { unit_cost: "2.50" } }),
  createReturnComment: () => ({ comment: { message: "cross-tenant probe" } }),
  createOrUpdateWebhook: () => ({
    webhook: { ...webhookBody.webhook, topic: "return", externalId: "cross-tenant-upsert" },
  }),
  updateWebhook: () => webhookBody,
  replayWebhookEvents: () => ({ start: new Date(Date.now() - 60 * 60 * 1000).toISOString() }),
  // A dry run counts and queues nothing.
  bulkResendWebhookDeliveries: () => ({ dryRun: true }),
  createApiSecret: () => ({ api_secret: { name: "cross-tenant probe" } }),
  // A new email per call, so an allowed call is never a 409 "already a member".
  addStaffMember: () => ({
    staff_member: {
      email: `probe-${Math.random().toString(36).slice(2)}@example.com`,
      name: "Cross-tenant probe",
      role: "viewer",
    },
  }),
  updateStaffMember: () => ({ staff_member: { role: "viewer" } }),
  // A time zone only: nothing the other tests read changes.
  updateStore: () => ({ store: { timeZone: "UTC" } }),
  // A new name per call, so an allowed call is never a 409.
  createLocation: () => ({ location: { name: `Probe ${Math.random().toString(36).slice(2)}` } }),
  updateLocation: () => ({ location: { archived: false } }),
  // A count of 0 where the item holds nothing (the suite's own location): valid, and records no movement.
  // A shipment to the suite's own location (the suite reads no shipment list), with a new reference per call
  // so an allowed call is never a 409.
  createInboundShipment: (ids) => ({
    inbound_shipment: {
      location_id: ids.locationId,
      shipment_id: `CT-PROBE-${Math.random().toString(36).slice(2)}`,
      items: [{ sku: ids.sku, quantity: 1 }],
    },
  }),
  updateInboundShipment: () => ({ inbound_shipment: { tracking_number: "CT-PROBE-TRACKING" } }),
  // The same probe product each time (created, then updated with the same values); in the first demo store's USD.
  bulkUploadProducts: () => ({
    products: [
      {
        title: "Cross-tenant probe",
        external_id: "CT-PROBE",
        variants: [{ sku: "CT-PROBE-1", price: 100, currency: "USD" }],
      },
    ],
  }),
  // The same probe product each time (created once, then imported again unchanged), in the store's currency.
  checkProductImport: () => PRODUCT_PROBE_CSV,
  importProducts: () => PRODUCT_PROBE_CSV,
  // A file any caller may check; importing it again leaves its one shipment unchanged.
  checkInboundShipmentImport: (ids) =>
    `shipment_id,location,sku,quantity\nCT-IMPORT,${ids.locationId},${ids.sku},1\n`,
  importInboundShipments: (ids) =>
    `shipment_id,location,sku,quantity\nCT-IMPORT,${ids.locationId},${ids.sku},1\n`,
  // A count of 0 where the item holds nothing (the suite's own location): valid, and changes no level.
  checkInventoryCountImport: (ids) => `sku,location,quantity\n${ids.sku},${ids.locationId},0\n`,
  importInventoryCounts: (ids) => `sku,location,quantity\n${ids.sku},${ids.locationId},0\n`,
  // The same probe order each time: created once, then synced again unchanged; no return names it.
  syncCustomOrder: () => CROSS_TENANT_ORDER,
  // A new order id per call, so an allowed call is never a 409.
  createOrder: () => ({
    orderId: `CT-CREATE-${Math.random().toString(36).slice(2)}`,
    createdAt: "2026-01-05T10:00:00Z",
    lineItems: [{ id: "L1", productId: "CT-PRODUCT", title: "Probe", quantity: 1, price: 1 }],
  }),
  // One of the probe order's many units (the suite's `orderId` is that order).
  createFulfillment: () => ({ lineItems: [{ id: "CT-LINE-1", quantity: 1 }] }),
  // An event, not a status: the fulfillment's status stays.
  updateFulfillmentStatus: () => ({ status: "delayed", message: "Cross-tenant probe" }),
  // A return of one unit of the probe order's line; the demo stores' locations have return addresses.
  // Each allowed call makes a new return of that order, so the line's units are many.
  createReturn: () => ({
    data: {
      provider: "custom",
      externalOrderId: CROSS_TENANT_ORDER.id,
      items: [{ lineItemId: "CT-LINE-1", quantity: 1, reason: "Cross-tenant probe", compensation: "refund" }],
      shippingAddress: { line1: "1 Probe St", city: "Reno", state: "NV", postalCode: "89501", country: "US" },
    },
  }),
  // A damaged unit with a reason: the shipment's counters move, no stock level does (the suite reads levels).
  createInboundReceipt: (ids) => ({
    receipt: { lines: [{ item_id: ids.shipmentItemId, damaged: 1, damaged_reason: "damaged_in_transit" }] },
  }),
  // Lifecycle moves, each sent to a new return in the status of RETURN_STATUS_NEEDED.
  updateReturnStatus: () => ({ status: "flagged" }),
  approveReturn: (ids) => ({
    items: [{ id: ids.itemId, shipBack: true }],
    customerNotes: "Cross-tenant probe",
  }),
  processReturn: (ids) => ({
    products: [{ _id: ids.itemId, reject: true, rejectReason: "Cross-tenant probe" }],
  }),
  // A fresh delivered return (RETURN_STATUS_NEEDED): a never-received serial flags it.
  checkReturnCustody: (ids) => ({ item_id: ids.itemId, identifier: "CT-SERIAL-PROBE" }),
  // The suite's stores have no checklists: an empty list leaves them so.
  replaceInspectionChecklists: () => ({ checklists: [] }),
  addReturnTag: () => ({ tag: { name: "cross-tenant" } }),
  // Sets the colour the tag already has, or adds a tag no return carries.
  upsertCatalogueReturnTag: () => ({ pillTheme: "NORMAL" }),
  // The probe customer (the cross-tenant setup makes its profile), with nothing but its own address.
  upsertCustomer: () => ({ email: CROSS_TENANT_ORDER.customer.email }),
  // An event, not a status: it moves no return and writes nothing.
  updateReturnShipmentStatus: () => ({ status: "delayed", message: "Cross-tenant probe" }),
  // Unflagging a return without the flag changes nothing (no event, no activity).
  // One return of the store's product, on an order of its own: nothing the suite reads.
  importReturns: (ids) => ({ returns: [{ products: [{ productId: ids.productId, quantity: 1 }] }] }),
  bulkReturnActions: (ids) => ({ action: "unflag", return_ids: [ids.returnId] }),
  // A personal view of the caller's: nobody else sees it.
  createSavedView: () => ({
    saved_view: { list: "returns", name: "Cross-tenant probe", query: "status=open" },
  }),
  // An alert of the caller's on the store's shared view: only its owner sees it.
  createAlertRule: (ids) => ({ alert: { savedViewId: ids.viewId, condition: "threshold", threshold: 5 } }),
  // The allowed caller's own alert (the suite gives it a fresh one): its threshold, nothing else's.
  updateAlertRule: () => ({ alert: { threshold: 7, minutes: 5 } }),
  // All off, the state of a store nobody configured: nothing the suite reads.
  updateAlertSettings: () => ({
    alert_settings: {
      returnsWaiting: { enabled: false, hours: 24 },
      shipmentsLate: { enabled: false },
      discrepancies: { enabled: false },
    },
  }),
  // Cycle counts: each allowed call gets a new count of the suite's SKU in the status of CYCLE_COUNT_STATUS_NEEDED.
  createCycleCount: (ids) => ({
    cycle_count: { location_id: ids.binLocationId, scope: { type: "skus", skus: [ids.sku] } },
  }),
  // Starting the unbinned place only: a snapshot, no stock change.
  recordCycleCounts: () => ({ counts: { bin_id: null, entries: [] } }),
  // A review naming no line changes nothing.
  reviewCycleCount: () => ({ review: { accept: [] } }),
  // The values the suite's store has unless set: nothing else reads them.
  updateCycleCountSettings: () => ({ settings: { auto_accept_units: null, auto_accept_value: null } }),
  createInventoryMovements: (ids) => ({
    movements: [
      {
        inventory_item_id: ids.inventoryItemId,
        location_id: ids.locationId,
        set_to: 0,
        reason: "cycle_count",
      },
    ],
  }),
};
