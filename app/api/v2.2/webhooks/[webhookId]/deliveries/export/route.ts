import { csvResponse } from "@/lib/api/csv";
import { apiRoute } from "@/lib/api/route";
import { webhookDeliveries } from "@/lib/contracts";
import { DELIVERY_EXPORT_COLUMNS, deliveryExportRows } from "@/lib/domain/webhooks/export-deliveries";

export const GET = apiRoute(webhookDeliveries.exportWebhookDeliveries, async ({ db, params, query }) => {
  const rows = deliveryExportRows(db, { webhookId: params.webhookId, status: query.status });
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(`webhook-deliveries-${params.webhookId}-${day}.csv`, DELIVERY_EXPORT_COLUMNS, rows);
});
