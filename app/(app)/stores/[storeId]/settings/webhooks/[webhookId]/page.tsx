import { Suspense } from "react";
import { WebhookDetailPage } from "@/components/webhooks/webhook-detail-page";

export const metadata = { title: "Webhook" };

export default async function WebhookPage({
  params,
}: {
  params: Promise<{ storeId: string; webhookId: string }>;
}) {
  const { storeId, webhookId } = await params;
  // The deliveries log keeps its status filter in the URL (useSearchParams).
  return (
    <Suspense>
      <WebhookDetailPage storeId={storeId} webhookId={webhookId} />
    </Suspense>
  );
}
