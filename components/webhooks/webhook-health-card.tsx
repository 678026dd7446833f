"use client";

import type { ReactNode } from "react";
import { useNow } from "@/components/app/use-now";
import { Card } from "@/components/ui/card";
import { formatNumber } from "@/lib/client/format";
import type { Webhook } from "@/lib/schemas/webhooks";
import { EnableWebhookButton } from "./enable-webhook-button";
import { RelativeTime, WebhookStatusBadge, webhookState, webhookStatusDetail } from "./webhook-status";

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] gap-3 py-2.5 text-sm">
      <dt className="text-slate-600">{term}</dt>
      <dd className="min-w-0 text-slate-900">{children}</dd>
    </div>
  );
}

export function WebhookHealthCard({ storeId, webhook }: { storeId: string; webhook: Webhook }) {
  const now = useNow();
  const { health } = webhook;
  const state = webhookState(health);
  const detail = webhookStatusDetail(health, now);
  const token = webhook.callback.auth?.bearer.token ?? null;
  return (
    <Card
      title="Health"
      description={
        state === "disabled"
          ? "No deliveries are attempted until it is enabled; new events wait."
          : "After 3 days of failures without a success, the webhook is disabled."
      }
    >
      <dl className="-my-2.5 divide-y divide-slate-100">
        <Row term="Status">
          <div className="flex flex-wrap items-center gap-2">
            <WebhookStatusBadge health={health} />
            {state === "disabled" ? <EnableWebhookButton storeId={storeId} webhookId={webhook.id} /> : null}
          </div>
          {detail ? <p className="mt-1 text-xs text-slate-600">{detail}</p> : null}
        </Row>
        <Row term="Consecutive failures">
          <span
            className={`tabular-nums ${health.consecutiveFailures > 0 ? "font-semibold text-red-700" : ""}`}
          >
            {formatNumber(health.consecutiveFailures)}
          </span>
        </Row>
        <Row term="Last success">
          <RelativeTime value={health.lastSuccessAt} now={now} />
        </Row>
        <Row term="Last failure">
          <RelativeTime value={health.lastFailureAt} now={now} />
        </Row>
        <Row term="Bearer token">
          {token ? (
            <span className="font-mono">{token}</span>
          ) : (
            <span className="text-slate-600">None (no Authorization header)</span>
          )}
        </Row>
        <Row term="Created">
          <RelativeTime value={webhook.createdAt} now={now} />
        </Row>
        <Row term="Updated">
          <RelativeTime value={webhook.updatedAt} now={now} />
        </Row>
      </dl>
    </Card>
  );
}
