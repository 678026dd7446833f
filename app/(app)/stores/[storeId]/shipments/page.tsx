import { Suspense } from "react";
import { ShipmentsPage } from "@/components/shipments/shipments-page";

export const metadata = { title: "Inbound shipments" };

export default function InboundShipmentsRoute() {
  return (
    <Suspense>
      <ShipmentsPage />
    </Suspense>
  );
}
