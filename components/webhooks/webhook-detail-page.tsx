"use client";

import { ArrowLeft, History, Pencil, Send, Trash2 } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { AdminOnly, AdminOnlyNotice } from "@/components/app/admin-only";
import { useCurrentStore } from "@/components/app/staff-context";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { lazyDialog } from "@/components/ui/lazy-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import { ApiError, errorMessage } from "@/lib/client/api-client";
import { humanize } from "@/lib/client/format";
import { useSendTestEvent, useWebhook } from "@/lib/client/hooks/webhooks";
import type { Webhook } from "@/lib/schemas/webhooks";
import { DeleteWebhookDialog } from "./delete-webhook-dialog";
import { DeliveriesLog } from "./deliveries-log";
import { SigningSecretCard } from "./signing-secret-card";
import { WebhookHealthCard } from "./webhook-health-card";
import { WebhookStatusBadge, WebhookUrl, webhookHost } from "./webhook-status";

/** Fetched on first opening, with what it imports (docs/performance.md, first load). */
const ReplayDialog = lazyDialog(
  () => import("./replay-dialog").then((module) => module.ReplayDialog),
  (props) => props.open,
);

/** Fetched on first opening, with what it imports (docs/performance.md, first load). */
const WebhookFormDialog = lazyDialog(
  () => import("./webhook-form-dialog").then((module) => module.WebhookFormDialog),
  (props) => props.open,
);

type Open = "edit" | "replay" | "delete" | null;

export function WebhookDetailPage({ storeId, webhookId }: { storeId: string; webhookId: string }) {
  const listHref = `/stores/${storeId}/settings/webhooks`;
  const store = useCurrentStore();
  const breadcrumbs = [
    { label: store.name, href: `/stores/${store.id}` },
    { label: "Settings" },
    { label: "Webhooks", href: listHref },
  ];
  return (
    <AdminOnly
      fallback={
        <>
          <PageHeader title="Webhook" breadcrumbs={breadcrumbs} />
          <AdminOnlyNotice />
        </>
      }
    >
      <WebhookDetail storeId={storeId} webhookId={webhookId} breadcrumbs={breadcrumbs} listHref={listHref} />
    </AdminOnly>
  );
}

function WebhookDetail({
  storeId,
  webhookId,
  breadcrumbs,
  listHref,
}: {
  storeId: string;
  webhookId: string;
  breadcrumbs: { label: string; href?: string }[];
  listHref: string;
}) {
  const webhook = useWebhook(webhookId);

  if (webhook.isPending) return <DetailSkeleton breadcrumbs={breadcrumbs} />;
  if (webhook.isError) {
    const notFound = webhook.error instanceof ApiError && webhook.error.status === 404;
    return (
      <>
        <PageHeader title="Webhook" breadcrumbs={[...breadcrumbs, { label: "Not found" }]} />
        <Card>
          {notFound ? (
            <ErrorState
              title="Webhook not found"
              message="It may have been deleted, or it belongs to another store."
            />
          ) : (
            <ErrorState message={errorMessage(webhook.error)} onRetry={() => void webhook.refetch()} />
          )}
          <div className="-mt-8 pb-10 text-center">
            <Link href={listHref} className={buttonClasses("secondary")}>
              <ArrowLeft className="size-4" aria-hidden="true" />
              All webhooks
            </Link>
          </div>
        </Card>
      </>
    );
  }
  return <WebhookDetailLoaded storeId={storeId} webhook={webhook.data} breadcrumbs={breadcrumbs} />;
}

function WebhookDetailLoaded({
  storeId,
  webhook,
  breadcrumbs,
}: {
  storeId: string;
  webhook: Webhook;
  breadcrumbs: { label: string; href?: string }[];
}) {
  const [open, setOpen] = useState<Open>(null);
  const sendTest = useSendTestEvent(webhook.id);
  const host = webhookHost(webhook.callback.url);
  const close = () => setOpen(null);

  return (
    <>
      <PageHeader
        title={host}
        breadcrumbs={[...breadcrumbs, { label: host }]}
        description={<WebhookUrl url={webhook.callback.url} />}
        meta={
          <>
            <WebhookStatusBadge health={webhook.health} />
            <Badge tone="gray">Topic: {humanize(webhook.topic)}</Badge>
            <Badge tone={webhook.payload === "thin" ? "violet" : "indigo"}>
              {humanize(webhook.payload)} payload
            </Badge>
            <Badge tone="gray">Kind: {humanize(webhook.kind)}</Badge>
            {webhook.extraEventTypes.length > 0 ? (
              <Badge tone="gray">Also: {webhook.extraEventTypes.map(humanize).join(", ")}</Badge>
            ) : null}
            {webhook.externalId ? (
              <span className="text-xs text-slate-600">
                External id <span className="font-mono text-slate-800">{webhook.externalId}</span>
              </span>
            ) : null}
          </>
        }
        actions={
          <>
            <Button variant="primary" pending={sendTest.isPending} onClick={() => sendTest.mutate()}>
              <Send className="size-4" aria-hidden="true" />
              Send test event
            </Button>
            <Button onClick={() => setOpen("replay")}>
              <History className="size-4" aria-hidden="true" />
              Replay…
            </Button>
            <Button onClick={() => setOpen("edit")}>
              <Pencil className="size-4" aria-hidden="true" />
              Edit
            </Button>
            <Button variant="danger" onClick={() => setOpen("delete")}>
              <Trash2 className="size-4" aria-hidden="true" />
              Delete
            </Button>
          </>
        }
      />

      <div className="grid gap-6 lg:grid-cols-2">
        <WebhookHealthCard storeId={storeId} webhook={webhook} />
        <SigningSecretCard webhookId={webhook.id} />
      </div>
      <DeliveriesLog
        storeId={storeId}
        webhookId={webhook.id}
        topic={webhook.topic}
        held={webhook.health.disabledAt !== null}
        className="mt-6"
      />

      <WebhookFormDialog
        mode="edit"
        storeId={storeId}
        webhook={webhook}
        open={open === "edit"}
        onClose={close}
      />
      <ReplayDialog webhookId={webhook.id} open={open === "replay"} onClose={close} />
      <DeleteWebhookDialog storeId={storeId} webhook={webhook} open={open === "delete"} onClose={close} />
    </>
  );
}

function DetailSkeleton({ breadcrumbs }: { breadcrumbs: { label: string; href?: string }[] }) {
  return (
    <div aria-busy="true">
      <PageHeader
        title={
          <>
            <span className="sr-only">Loading webhook</span>
            <Skeleton className="h-8 w-64" />
          </>
        }
        breadcrumbs={breadcrumbs}
        description={<Skeleton className="mt-1 h-5 w-96 max-w-full" />}
        meta={<Skeleton className="h-5 w-48" />}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-72 w-full rounded-lg" />
        <Skeleton className="h-72 w-full rounded-lg" />
      </div>
      <Skeleton className="mt-6 h-64 w-full rounded-lg" />
    </div>
  );
}
