import type { InventoryListFilters } from "@/lib/client/query-keys";
import { INVENTORY_ITEM_KINDS, type InventoryItemKind } from "@/lib/enums";
import { MAX_SEARCH_LENGTH } from "@/lib/schemas/limits";

/**
 * The inventory list's filters in the URL: `?q=jacket&kind=PRODUCT&location=loc_x&sku=TT-FOR-M`. `sku` is
 * an exact match (links from shipment items); `q` a case-insensitive part of the SKU or name. Values the
 * API would refuse are ignored.
 */
export type InventoryUrlFilters = { q?: string; kind?: InventoryItemKind; location?: string; sku?: string };

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
  return filters;
}

export function hasInventoryFilters(filters: InventoryUrlFilters): boolean {
  return Boolean(filters.q || filters.kind || filters.location || filters.sku);
}

export function toInventoryListFilters(filters: InventoryUrlFilters): InventoryListFilters {
  const list: InventoryListFilters = {};
  if (filters.q) list.q = filters.q;
  if (filters.sku) list.sku = filters.sku;
  if (filters.kind) list.kind = filters.kind;
  if (filters.location) list.locationId = filters.location;
  return list;
}
