import { COUNT_IMPORT } from "@/components/imports/import-kinds";
import { ImportWizard } from "@/components/imports/import-wizard";

export const metadata = { title: "Import stock counts" };

export default function ImportCountsRoute() {
  return <ImportWizard kind={COUNT_IMPORT} back={{ label: "Inventory", path: "inventory" }} />;
}
