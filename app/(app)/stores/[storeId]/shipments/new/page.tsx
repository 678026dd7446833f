import { NewShipmentPage } from "@/components/shipments/new-shipment-page";

export const metadata = { title: "New inbound shipment" };

export default function NewInboundShipmentRoute() {
  return <NewShipmentPage />;
}
