import type { InventoryListFilters } from "@/lib/client/query-keys";
import {
  INVENTORY_ITEM_KINDS,
  INVENTORY_STOCK_FILTERS,
  type InventoryItemKind,
  type InventoryStockFilter,
} from "@/lib/enums";
import { MAX_SEARCH_LENGTH } from "@/lib/schemas/limits";

/**
 * The inventory list's filters in the URL: `?q=jacket&kind=PRODUCT&location=loc_x&sku=TT-FOR-M&stock=in_stock`.
 * `sku` is an exact match (links from shipment items); `q` a case-insensitive part of the SKU or name; `stock`
 * in or out of stock (absent: every item, where the API's own default is in stock only). Values the API would
 * refuse are ignored.
 */
export type InventoryUrlFilters = {
  q?: string;
  kind?: InventoryItemKind;
  location?: string;
  sku?: string;
  stock?: Exclude<InventoryStockFilter, "any">;
};

export function readInventoryUrlFilters(params: Pick<URLSearchParams, "get">): InventoryUrlFilters {
  const filters: InventoryUrlFilters = {};
  const q = params.get("q")?.trim();
  if (q) filters.q = q.slice(0, MAX_SEARCH_LENGTH);
  const kind = params.get("kind");
  if ((INVENTORY_ITEM_KINDS as readonly (string | null)[]).includes(kind)) {
    filters.kind = kind as InventoryItemKind;
  }
  const location = params.get("location");
  if (location && /^loc_[0-9A-Za-z]{1,60}$/.test(location)) filters.location = location;
  const sku = params.get("sku");
  if (sku && sku.length <= 255) filters.sku = sku;
  const stock = params.get("stock");
  if (stock !== "any" && (INVENTORY_STOCK_FILTERS as readonly (string | null)[]).includes(stock)) {
    filters.stock = stock as Exclude<InventoryStockFilter, "any">;
  }
  return filters;
}

export function hasInventoryFilters(filters: InventoryUrlFilters): boolean {
  return Boolean(filters.q || filters.kind || filters.location || filters.sku || filters.stock);
}

export function toInventoryListFilters(filters: InventoryUrlFilters): InventoryListFilters {
  const list: InventoryListFilters = {};
  if (filters.q) list.q = filters.q;
  if (filters.sku) list.sku = filters.sku;
  if (filters.kind) list.kind = filters.kind;
  if (filters.location) list.locationId = filters.location;
  if (filters.stock) list.stock = filters.stock;
  return list;
}
