import { SupplierScorecardPage } from "@/components/suppliers/scorecard-page";

export const metadata = { title: "Supplier scorecard" };

export default async function SupplierScorecardRoute({
  params,
}: {
  params: Promise<{ storeId: string; supplierId: string }>;
}) {
  const { supplierId } = await params;
  return <SupplierScorecardPage supplierId={supplierId} />;
}
