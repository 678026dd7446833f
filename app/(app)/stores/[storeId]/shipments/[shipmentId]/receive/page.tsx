import { ReceivePage } from "@/components/shipments/receive/receive-page";

export const metadata = { title: "Receive shipment" };

export default async function ReceiveShipmentRoute({
  params,
}: {
  params: Promise<{ storeId: string; shipmentId: string }>;
}) {
  const { shipmentId } = await params;
  return <ReceivePage shipmentId={shipmentId} />;
}
