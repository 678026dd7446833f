export { getInventoryItem } from "./get-inventory-item";
export {
  escapeLike,
  type InventoryItemCursor,
  type ListInventoryItemsParams,
  type ListInventoryItemsResult,
  listInventoryItems,
} from "./list-inventory-items";
export { type InventoryItemRow, loadItemLocations, serializeInventoryItem } from "./serialize";
