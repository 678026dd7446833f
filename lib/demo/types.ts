import type * as schema from "../db/schema";
import type { IdKind } from "../ids";
import type { LocationTemplate, StoreTemplate } from "./catalog-stores";

/** Rows as Drizzle inserts them, one type per table. */
export type StoreRow = typeof schema.stores.$inferInsert;
export type StaffUserRow = typeof schema.staffUsers.$inferInsert;
export type StoreMembershipRow = typeof schema.storeMemberships.$inferInsert;
export type ApiKeyRow = typeof schema.apiKeys.$inferInsert;
export type LocationRow = typeof schema.locations.$inferInsert;
export type ProductRow = typeof schema.products.$inferInsert;
export type ProductVariantRow = typeof schema.productVariants.$inferInsert;
export type InventoryItemRow = typeof schema.inventoryItems.$inferInsert;
export type InventoryLevelRow = typeof schema.inventoryLevels.$inferInsert;
export type InboundShipmentRow = typeof schema.inboundShipments.$inferInsert;
export type InboundShipmentItemRow = typeof schema.inboundShipmentItems.$inferInsert;
export type OrderRow = typeof schema.orders.$inferInsert;
export type OrderLineItemRow = typeof schema.orderLineItems.$inferInsert;
export type ReturnRow = typeof schema.returns.$inferInsert;
export type ReturnItemRow = typeof schema.returnItems.$inferInsert;
export type ReturnItemAssessmentRow = typeof schema.returnItemAssessments.$inferInsert;
export type ReturnExchangeRow = typeof schema.returnExchanges.$inferInsert;
export type ReturnExchangeItemRow = typeof schema.returnExchangeItems.$inferInsert;
export type ReturnShipmentRow = typeof schema.returnShipments.$inferInsert;
export type ReturnDropoffRow = typeof schema.returnDropoffs.$inferInsert;
export type ReturnTagRow = typeof schema.returnTags.$inferInsert;
export type ReturnGiftCardRow = typeof schema.returnGiftCards.$inferInsert;
export type ReturnCommentRow = typeof schema.returnComments.$inferInsert;

/** Staff rows before their password is hashed (hashing is the loader's job: the generator stays pure). */
export type DemoStaffUser = Omit<StaffUserRow, "passwordHash">;

/** Everything the demo inserts, table by table, in foreign-key order. */
export type DemoData = {
  stores: StoreRow[];
  staffUsers: DemoStaffUser[];
  storeMemberships: StoreMembershipRow[];
  apiKeys: ApiKeyRow[];
  locations: LocationRow[];
  products: ProductRow[];
  productVariants: ProductVariantRow[];
  inventoryItems: InventoryItemRow[];
  inventoryLevels: InventoryLevelRow[];
  inboundShipments: InboundShipmentRow[];
  inboundShipmentItems: InboundShipmentItemRow[];
  orders: OrderRow[];
  orderLineItems: OrderLineItemRow[];
  returns: ReturnRow[];
  returnItems: ReturnItemRow[];
  returnItemAssessments: ReturnItemAssessmentRow[];
  returnExchanges: ReturnExchangeRow[];
  returnExchangeItems: ReturnExchangeItemRow[];
  returnShipments: ReturnShipmentRow[];
  returnDropoffs: ReturnDropoffRow[];
  returnTags: ReturnTagRow[];
  returnGiftCards: ReturnGiftCardRow[];
  returnComments: ReturnCommentRow[];
};

export type MakeId = (kind: IdKind) => string;

/** A variant with what orders, shipments and returns copy from it. */
export type VariantInfo = {
  id: string;
  productId: string;
  productTitle: string;
  productExternalId: string;
  /** Variant options, e.g. "Forest / M". */
  title: string;
  sku: string;
  upc: string;
  externalId: string;
  priceCents: number;
  weightKg: string;
};

export type LocationInfo = {
  id: string;
  name: string;
  template: LocationTemplate;
};

export type StaffInfo = {
  id: string;
  email: string;
  name: string;
};

/** What the shipment and return generators need to know about one store. */
export type StoreContext = {
  id: string;
  template: StoreTemplate;
  currency: string;
  locations: LocationInfo[];
  variants: VariantInfo[];
  /** Variants grouped by product id, to pick an exchange in another size or colour. */
  variantsByProduct: Map<string, VariantInfo[]>;
  apiKeyId: string | null;
  apiKeyName: string;
  /** Staff who work in the store (assessments and comments). */
  staff: StaffInfo[];
};
