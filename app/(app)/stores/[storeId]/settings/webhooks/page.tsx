import { WebhookListPage } from "@/components/webhooks/webhook-list-page";

export const metadata = { title: "Webhooks" };

export default async function WebhooksPage({ params }: { params: Promise<{ storeId: string }> }) {
  const { storeId } = await params;
  return <WebhookListPage storeId={storeId} />;
}
