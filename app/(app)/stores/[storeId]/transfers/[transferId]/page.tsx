import { TransferPage } from "@/components/transfers/transfer-page";

export const metadata = { title: "Transfer" };

export default async function TransferRoute({
  params,
}: {
  params: Promise<{ storeId: string; transferId: string }>;
}) {
  const { transferId } = await params;
  return <TransferPage transferId={transferId} />;
}
