import { SupplierClaimPage } from "@/components/suppliers/claim-page";

export const metadata = { title: "Supplier claim" };

export default async function SupplierClaimRoute({
  params,
}: {
  params: Promise<{ storeId: string; supplierClaimId: string }>;
}) {
  const { supplierClaimId } = await params;
  return <SupplierClaimPage supplierClaimId={supplierClaimId} />;
}
