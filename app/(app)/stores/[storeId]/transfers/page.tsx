import { Suspense } from "react";
import { TransfersPage } from "@/components/transfers/transfers-page";

export const metadata = { title: "Transfers" };

export default function TransfersRoute() {
  return (
    <Suspense>
      <TransfersPage />
    </Suspense>
  );
}
