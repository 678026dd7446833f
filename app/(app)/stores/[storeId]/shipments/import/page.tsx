import { ImportShipmentsPage } from "@/components/shipments/import-shipments-page";

export const metadata = { title: "Import shipments" };

export default function ImportShipmentsRoute() {
  return <ImportShipmentsPage />;
}
