import { Suspense } from "react";
import { SupplierClaimsPage } from "@/components/suppliers/claims-page";

export const metadata = { title: "Supplier claims" };

export default function SupplierClaimsRoute() {
  return (
    <Suspense>
      <SupplierClaimsPage />
    </Suspense>
  );
}
