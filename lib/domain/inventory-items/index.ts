export { getInventoryItem } from "./get-inventory-item";
export {
  type ListInventoryItemsParams,
  listInventoryItems,
} from "./list-inventory-items";
