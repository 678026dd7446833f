import { ImportWizard } from "@/components/imports/import-wizard";

export const metadata = { title: "Import stock counts" };

export default function ImportCountsRoute() {
  return <ImportWizard kind="counts" back={{ label: "Inventory", path: "inventory" }} />;
}
