import { ReturnDetailPage } from "@/components/returns/return-detail-page";

export const metadata = { title: "Return" };

export default async function ReturnRoute({
  params,
}: {
  params: Promise<{ storeId: string; returnId: string }>;
}) {
  const { storeId, returnId } = await params;
  return <ReturnDetailPage storeId={storeId} returnId={returnId} />;
}
