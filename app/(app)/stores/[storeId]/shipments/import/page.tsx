import { ImportWizard } from "@/components/imports/import-wizard";

export const metadata = { title: "Import shipments" };

export default function ImportShipmentsRoute() {
  return <ImportWizard kind="shipments" back={{ label: "Inbound shipments", path: "shipments" }} />;
}
