import { redirect } from "next/navigation";

export default async function StoreHome({ params }: { params: Promise<{ storeId: string }> }) {
  const { storeId } = await params;
  redirect(`/stores/${storeId}/returns`);
}
