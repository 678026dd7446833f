import { Suspense } from "react";
import { InventoryListPage } from "@/components/inventory/inventory-list-page";

export const metadata = { title: "Inventory" };

export default function InventoryRoute() {
  return (
    <Suspense>
      <InventoryListPage />
    </Suspense>
  );
}
