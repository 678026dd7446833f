"use client";

import { ChevronDown, ChevronRight, RotateCcw } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatNumber, humanize } from "@/lib/client/format";
import { useResendDelivery } from "@/lib/client/hooks/webhooks";
import type { WebhookTopic } from "@/lib/enums";
import type { DeliveryAttempt, WebhookDelivery } from "@/lib/schemas/webhook-deliveries";
import { AttemptRequest } from "./attempt-request";
import { subjectHref } from "./topic-words";
import { RelativeTime } from "./webhook-status";

export const DELIVERY_COLUMNS: { key: string; label: string; srOnly?: boolean; className?: string }[] = [
  { key: "toggle", label: "Attempts detail", srOnly: true, className: "w-10" },
  { key: "event", label: "Event" },
  { key: "subject", label: "Subject" },
  { key: "status", label: "Status" },
  { key: "attempts", label: "Attempts", className: "text-right" },
  { key: "answer", label: "Last answer" },
  { key: "when", label: "Next attempt / done" },
  { key: "actions", label: "Actions", srOnly: true },
];

const CELL = "px-3 py-2.5 align-top";

/** pending splits in two for people: not tried yet, or failed and waiting for its retry. */
export function deliveryStatusView(delivery: WebhookDelivery): { label: string; tone: BadgeTone } {
  if (delivery.status === "delivered") return { label: "Delivered", tone: "green" };
  // A test is attempted once: its failure is the answer, not a schedule given up on.
  if (delivery.status === "discarded")
    return { label: delivery.eventType === "test" ? "Failed" : "Discarded", tone: "red" };
  if (delivery.attemptCount > 0) return { label: "Failed, retrying", tone: "amber" };
  return { label: "Pending", tone: "blue" };
}

function attemptAnswer(attempt: DeliveryAttempt | undefined): { text: string; ok: boolean } | null {
  if (!attempt) return null;
  if (attempt.responseStatus !== null) {
    const ok = attempt.responseStatus >= 200 && attempt.responseStatus < 300;
    return { text: `HTTP ${attempt.responseStatus}`, ok };
  }
  return { text: attempt.error ?? "No answer", ok: false };
}

export function DeliveryRow({
  storeId,
  webhookId,
  topic,
  delivery,
  held,
  now,
}: {
  storeId: string;
  webhookId: string;
  /** The webhook's topic: what the event is about, and where its subject's page is. */
  topic: WebhookTopic;
  delivery: WebhookDelivery;
  held: boolean;
  now: number;
}) {
  const [expanded, setExpanded] = useState(false);
  const resend = useResendDelivery(webhookId);
  const status = deliveryStatusView(delivery);
  const answer = attemptAnswer(delivery.attempts.at(-1));
  const detailId = `delivery-${delivery.id}-attempts`;
  const isTest = delivery.eventType === "test";
  return (
    <tbody className="border-t border-slate-200">
      <tr className={expanded ? "bg-slate-50" : "hover:bg-slate-50"}>
        <td className={`${CELL} pr-0`}>
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={detailId}
            onClick={() => setExpanded((value) => !value)}
            className="rounded p-1 text-slate-600 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {expanded ? (
              <ChevronDown className="size-4" aria-hidden="true" />
            ) : (
              <ChevronRight className="size-4" aria-hidden="true" />
            )}
            <span className="sr-only">Attempts of delivery {delivery.id}</span>
          </button>
        </td>
        <td className={CELL}>
          <div className="flex flex-wrap items-center gap-1.5">
            <span className="font-mono text-xs text-slate-900">
              {topic}.{delivery.eventType}
            </span>
            {delivery.trigger !== "event" && delivery.trigger !== "test" ? (
              <Badge tone="violet">{humanize(delivery.trigger)}</Badge>
            ) : null}
          </div>
          <div className="mt-0.5 text-xs text-slate-600">
            <RelativeTime value={delivery.createdAt} now={now} />
          </div>
        </td>
        <td className={`${CELL} font-mono text-xs`}>
          {isTest ? (
            <span className="font-sans text-sm text-slate-600">Test event</span>
          ) : (
            <Link
              href={subjectHref(topic, storeId, delivery.subjectId)}
              className="text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {delivery.subjectId}
            </Link>
          )}
        </td>
        <td className={CELL}>
          <Badge tone={status.tone}>{status.label}</Badge>
        </td>
        <td className={`${CELL} text-right tabular-nums`}>{formatNumber(delivery.attemptCount)}</td>
        <td className={`${CELL} max-w-48`}>
          {answer ? (
            <span className={`line-clamp-2 break-words ${answer.ok ? "text-emerald-800" : "text-red-700"}`}>
              {answer.text}
            </span>
          ) : (
            <span className="text-slate-500">—</span>
          )}
        </td>
        <td className={`${CELL} whitespace-nowrap`}>
          {delivery.status === "pending" ? (
            held ? (
              <span className="text-slate-600">Held until enabled</span>
            ) : delivery.nextAttemptAt ? (
              <RelativeTime value={delivery.nextAttemptAt} now={now} />
            ) : (
              <span className="text-slate-600">After earlier events</span>
            )
          ) : (
            <RelativeTime value={delivery.completedAt} now={now} fallback="—" />
          )}
        </td>
        <td className={`${CELL} text-right`}>
          {delivery.status === "pending" ? null : (
            <Button
              size="sm"
              variant="ghost"
              pending={resend.isPending}
              onClick={() => resend.mutate(delivery.id)}
              aria-label={`Resend delivery ${delivery.id}`}
            >
              {resend.isPending ? null : <RotateCcw className="size-3.5" aria-hidden="true" />}
              Resend
            </Button>
          )}
        </td>
      </tr>
      {expanded ? (
        <tr id={detailId} className="bg-slate-50">
          <td />
          <td colSpan={DELIVERY_COLUMNS.length - 1} className="px-3 pb-4">
            <AttemptList webhookId={webhookId} delivery={delivery} now={now} />
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}

function AttemptList({
  webhookId,
  delivery,
  now,
}: {
  webhookId: string;
  delivery: WebhookDelivery;
  now: number;
}) {
  return (
    <div className="rounded-md border border-slate-200 bg-white">
      <p className="border-b border-slate-200 px-4 py-2 text-xs text-slate-600">
        Delivery <span className="font-mono text-slate-800">{delivery.id}</span> (the webhook-id header) of
        event <span className="font-mono text-slate-800">{delivery.eventId}</span>
      </p>
      {delivery.attempts.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-600">Not attempted yet.</p>
      ) : (
        <ol className="divide-y divide-slate-100">
          {delivery.attempts.map((attempt) => {
            const answer = attemptAnswer(attempt);
            return (
              <li
                key={attempt.attemptNumber}
                className="grid gap-x-4 gap-y-1 px-4 py-3 text-sm md:grid-cols-[8rem_10rem_1fr]"
              >
                <div className="font-medium text-slate-900">Attempt {attempt.attemptNumber}</div>
                <div className="text-slate-700">
                  <RelativeTime value={attempt.attemptedAt} now={now} />
                  <span className="text-slate-500"> · </span>
                  <span className="tabular-nums">{formatNumber(attempt.durationMs)} ms</span>
                </div>
                <div className="min-w-0">
                  <span className={answer?.ok ? "font-medium text-emerald-800" : "font-medium text-red-700"}>
                    {attempt.responseStatus !== null ? `HTTP ${attempt.responseStatus}` : "No HTTP answer"}
                  </span>
                  {attempt.error && attempt.error !== `HTTP ${attempt.responseStatus}` ? (
                    <span className="text-slate-700"> · {attempt.error}</span>
                  ) : null}
                  {attempt.responseBodyExcerpt ? (
                    <pre className="mt-1.5 whitespace-pre-wrap break-all rounded bg-slate-100 p-2 font-mono text-xs text-slate-800">
                      {attempt.responseBodyExcerpt}
                    </pre>
                  ) : (
                    <p className="mt-1 text-xs text-slate-500">Empty response body.</p>
                  )}
                </div>
                <div className="min-w-0 md:col-span-3">
                  <AttemptRequest
                    webhookId={webhookId}
                    deliveryId={delivery.id}
                    attemptNumber={attempt.attemptNumber}
                    request={attempt.request}
                  />
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
