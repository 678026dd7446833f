"use client";

import { useQueryClient } from "@tanstack/react-query";
import { Download, RefreshCw, RotateCcw } from "lucide-react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useNow } from "@/components/app/use-now";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/lib/client/api-client";
import { operationUrl } from "@/lib/client/call-api";
import { formatNumber } from "@/lib/client/format";
import { hasPendingDelivery, PENDING_REFRESH_MS, useWebhookDeliveries } from "@/lib/client/hooks/webhooks";
import { queryKeys } from "@/lib/client/query-keys";
import { DELIVERY_STATUSES, type DeliveryStatus, type WebhookTopic } from "@/lib/enums";
import { BulkResendDialog } from "./bulk-resend-dialog";
import { DELIVERY_COLUMNS, DeliveryRow } from "./delivery-row";
import { TOPIC_SUBJECTS } from "./topic-words";

const HEAD =
  "px-3 py-2.5 text-left text-xs font-medium uppercase tracking-wide text-slate-500 whitespace-nowrap";
const STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: "Pending",
  delivered: "Delivered",
  discarded: "Discarded",
};

function useStatusFilter(): [DeliveryStatus | undefined, (status: string) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const raw = params.get("status");
  const status = DELIVERY_STATUSES.find((value) => value === raw);
  const setStatus = (next: string) => {
    const search = new URLSearchParams(params);
    if (next) search.set("status", next);
    else search.delete("status");
    const qs = search.toString();
    router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
  };
  return [status, setStatus];
}

export function DeliveriesLog({
  storeId,
  webhookId,
  topic,
  held,
  className = "",
}: {
  storeId: string;
  webhookId: string;
  topic: WebhookTopic;
  /** The webhook is disabled: pending deliveries wait for it to be enabled. */
  held: boolean;
  className?: string;
}) {
  const [status, setStatus] = useStatusFilter();
  const deliveries = useWebhookDeliveries(webhookId, { status });
  const client = useQueryClient();
  const now = useNow(5_000);
  const pages = deliveries.data?.pages;
  const rows = pages?.flatMap((page) => page.deliveries) ?? [];
  const polling = hasPendingDelivery(pages);

  // Only a refresh the admin asked for shows as busy; the automatic ones stay quiet.
  const [refreshing, setRefreshing] = useState(false);
  const [bulkOpen, setBulkOpen] = useState(false);
  const refresh = () => {
    setRefreshing(true);
    void deliveries.refetch().finally(() => setRefreshing(false));
  };

  // A finished delivery changes the webhook's health: refresh it whenever the log brings news.
  const seen = useRef(0);
  useEffect(() => {
    const updatedAt = deliveries.dataUpdatedAt;
    if (seen.current !== 0 && updatedAt !== seen.current) {
      void client.invalidateQueries({ queryKey: queryKeys.webhooks.detail(webhookId), exact: true });
    }
    seen.current = updatedAt;
  }, [deliveries.dataUpdatedAt, client, webhookId]);

  return (
    <Card
      className={className}
      title="Deliveries"
      description={
        polling
          ? `Newest first. Refreshing every ${PENDING_REFRESH_MS / 1000} seconds while a delivery is pending.`
          : "Newest first. Each delivery lists every attempt with the endpoint's answer."
      }
      actions={
        <>
          <label htmlFor={`${webhookId}-status`} className="sr-only">
            Delivery status
          </label>
          <Select
            id={`${webhookId}-status`}
            className="w-40"
            value={status ?? ""}
            onChange={(event) => setStatus(event.target.value)}
          >
            <option value="">All statuses</option>
            {DELIVERY_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </Select>
          {status === undefined || status === "discarded" ? (
            <Button onClick={() => setBulkOpen(true)}>
              <RotateCcw className="size-4" aria-hidden="true" />
              Resend failed…
            </Button>
          ) : null}
          <Button pending={refreshing} onClick={refresh}>
            {refreshing ? null : <RefreshCw className="size-4" aria-hidden="true" />}
            Refresh
          </Button>
          <a
            href={operationUrl("exportWebhookDeliveries", { params: { webhookId }, query: { status } })}
            download
            className={buttonClasses("secondary")}
          >
            <Download className="size-4" aria-hidden="true" />
            Export CSV<span className="sr-only"> of these deliveries</span>
          </a>
        </>
      }
      bodyClassName=""
    >
      <BulkResendDialog webhookId={webhookId} open={bulkOpen} onClose={() => setBulkOpen(false)} />
      {deliveries.isPending ? (
        <DeliveriesSkeleton />
      ) : deliveries.isError ? (
        <ErrorState message={errorMessage(deliveries.error)} onRetry={() => void deliveries.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState
          title={status ? `No ${STATUS_LABELS[status].toLowerCase()} deliveries` : "No deliveries yet"}
        >
          {status
            ? "Choose another status to see the rest of the log."
            : `Send a test event, or change one of the store's ${TOPIC_SUBJECTS[topic].many}: each event shows up here with every attempt to deliver it.`}
        </EmptyState>
      ) : (
        <>
          <div className="relative overflow-x-auto">
            <table className="w-full min-w-[48rem] text-sm">
              <caption className="sr-only">Deliveries of this webhook, newest first</caption>
              <thead className="bg-slate-50">
                <tr>
                  {DELIVERY_COLUMNS.map((column) => (
                    <th key={column.key} scope="col" className={`${HEAD} ${column.className ?? ""}`}>
                      {column.srOnly ? <span className="sr-only">{column.label}</span> : column.label}
                    </th>
                  ))}
                </tr>
              </thead>
              {rows.map((delivery) => (
                <DeliveryRow
                  key={delivery.id}
                  storeId={storeId}
                  webhookId={webhookId}
                  topic={topic}
                  delivery={delivery}
                  held={held}
                  now={now}
                />
              ))}
            </table>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-5 py-3 text-sm text-slate-600">
            <span>
              {formatNumber(rows.length)} {rows.length === 1 ? "delivery" : "deliveries"} shown
            </span>
            {deliveries.hasNextPage ? (
              <Button
                size="sm"
                pending={deliveries.isFetchingNextPage}
                onClick={() => void deliveries.fetchNextPage()}
              >
                Load older deliveries
              </Button>
            ) : null}
          </div>
        </>
      )}
    </Card>
  );
}

function DeliveriesSkeleton() {
  return (
    <div aria-busy="true" className="space-y-3 p-5">
      <span className="sr-only">Loading deliveries</span>
      {[0, 1, 2, 3].map((row) => (
        <Skeleton key={row} className="h-8 w-full" />
      ))}
    </div>
  );
}
