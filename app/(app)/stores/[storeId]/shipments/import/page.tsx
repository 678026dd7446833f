import { SHIPMENT_IMPORT } from "@/components/imports/import-kinds";
import { ImportWizard } from "@/components/imports/import-wizard";

export const metadata = { title: "Import shipments" };

export default function ImportShipmentsRoute() {
  return <ImportWizard kind={SHIPMENT_IMPORT} back={{ label: "Inbound shipments", path: "shipments" }} />;
}
