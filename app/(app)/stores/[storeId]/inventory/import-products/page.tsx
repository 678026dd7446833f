import { ImportWizard } from "@/components/imports/import-wizard";

export const metadata = { title: "Import products" };

// The catalog has no list page of its own: its variants are the inventory's PRODUCT items, so the import sits
// beside Import counts on the inventory list.
export default function ImportProductsRoute() {
  return <ImportWizard kind="products" back={{ label: "Inventory", path: "inventory" }} />;
}
