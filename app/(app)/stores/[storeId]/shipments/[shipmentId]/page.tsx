import { ShipmentPage } from "@/components/shipments/shipment-page";

export const metadata = { title: "Inbound shipment" };

export default async function InboundShipmentRoute({
  params,
  searchParams,
}: {
  params: Promise<{ storeId: string; shipmentId: string }>;
  searchParams: Promise<{ receipt?: string | string[] }>;
}) {
  const { shipmentId } = await params;
  // Receive mode comes back with ?receipt=rcp_…, so the receipt just recorded is marked in the history.
  const { receipt } = await searchParams;
  return <ShipmentPage shipmentId={shipmentId} justRecorded={typeof receipt === "string" ? receipt : null} />;
}
