import { InventoryItemPage } from "@/components/inventory/inventory-item-page";

export const metadata = { title: "Inventory item" };

export default async function InventoryItemRoute({
  params,
}: {
  params: Promise<{ storeId: string; inventoryItemId: string }>;
}) {
  const { inventoryItemId } = await params;
  return <InventoryItemPage inventoryItemId={inventoryItemId} />;
}
