"use client";

import Link from "next/link";
import { useNow } from "@/components/app/use-now";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber, humanize } from "@/lib/client/format";
import type { Webhook } from "@/lib/schemas/webhooks";
import { EnableWebhookButton } from "./enable-webhook-button";
import { RelativeTime, WebhookStatusBadge, webhookHost, webhookStatusDetail } from "./webhook-status";

const HEAD =
  "px-4 py-2.5 text-left text-xs font-medium uppercase tracking-wide text-slate-500 whitespace-nowrap";
const CELL = "px-4 py-3 align-top";
const COLUMNS = [
  "Endpoint",
  "Topic",
  "Payload",
  "External id",
  "Status",
  "Last success",
  "Failures",
  "Created",
];

function TableHead() {
  return (
    <thead className="bg-slate-50">
      <tr>
        {COLUMNS.map((column) => (
          <th key={column} scope="col" className={`${HEAD} ${column === "Failures" ? "text-right" : ""}`}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export function WebhookTable({ storeId, webhooks }: { storeId: string; webhooks: Webhook[] }) {
  const now = useNow();
  return (
    <Card bodyClassName="relative overflow-x-auto">
      <table className="w-full min-w-[56rem] text-sm">
        <caption className="sr-only">Webhooks of this store</caption>
        <TableHead />
        <tbody className="divide-y divide-slate-200">
          {webhooks.map((webhook) => {
            const detail = webhookStatusDetail(webhook.health, now);
            return (
              <tr key={webhook.id} className="hover:bg-slate-50">
                <td className={`${CELL} min-w-64 max-w-sm`}>
                  <Link
                    href={`/stores/${storeId}/settings/webhooks/${webhook.id}`}
                    className="rounded font-semibold text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    {webhookHost(webhook.callback.url)}
                  </Link>
                  <div className="mt-0.5 text-xs text-slate-600 [overflow-wrap:anywhere]">
                    {webhook.callback.url}
                  </div>
                </td>
                <td className={CELL}>{humanize(webhook.topic)}</td>
                <td className={CELL}>
                  <Badge tone={webhook.payload === "thin" ? "violet" : "indigo"}>
                    {humanize(webhook.payload)}
                  </Badge>
                </td>
                <td className={`${CELL} max-w-40 break-all font-mono text-xs`}>
                  {webhook.externalId ?? <span className="font-sans text-sm text-slate-500">—</span>}
                </td>
                <td className={`${CELL} min-w-44`}>
                  <div className="flex flex-wrap items-center gap-2">
                    <WebhookStatusBadge health={webhook.health} />
                    {webhook.health.disabledAt ? (
                      <EnableWebhookButton
                        storeId={storeId}
                        webhookId={webhook.id}
                        label={`Enable webhook ${webhookHost(webhook.callback.url)}`}
                      />
                    ) : null}
                  </div>
                  {detail ? <p className="mt-1 text-xs text-slate-600">{detail}</p> : null}
                </td>
                <td className={`${CELL} whitespace-nowrap`}>
                  <RelativeTime value={webhook.health.lastSuccessAt} now={now} />
                </td>
                <td
                  className={`${CELL} text-right tabular-nums ${webhook.health.consecutiveFailures > 0 ? "font-semibold text-red-700" : ""}`}
                >
                  {formatNumber(webhook.health.consecutiveFailures)}
                </td>
                <td className={`${CELL} whitespace-nowrap`}>
                  <RelativeTime value={webhook.createdAt} now={now} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}

export function WebhookTableSkeleton() {
  return (
    <Card bodyClassName="relative overflow-x-auto">
      <table className="w-full min-w-[56rem] text-sm" aria-busy="true">
        <caption className="sr-only">Loading webhooks</caption>
        <TableHead />
        <tbody className="divide-y divide-slate-200">
          {[0, 1, 2].map((row) => (
            <tr key={row}>
              {COLUMNS.map((column) => (
                <td key={column} className={CELL}>
                  <Skeleton className={column === "Endpoint" ? "h-5 w-56" : "h-5 w-16"} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
