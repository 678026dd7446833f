import { ImportWizard } from "@/components/imports/import-wizard";

export const metadata = { title: "Import suppliers" };

/** The store's suppliers from CSV (docs/suppliers.md), through the shared import. */
export default function ImportSuppliersRoute() {
  return <ImportWizard kind="suppliers" back={{ label: "Suppliers", path: "settings/suppliers" }} />;
}
