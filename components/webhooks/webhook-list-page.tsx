"use client";

import { Plus, Webhook as WebhookIcon } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { AdminOnly } from "@/components/app/admin-only";
import { useCurrentStore } from "@/components/app/staff-context";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { lazyDialog } from "@/components/ui/lazy-dialog";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/lib/client/api-client";
import { useWebhooks } from "@/lib/client/hooks/webhooks";
import { ALL_TOPICS_PHRASE } from "./topic-words";
import { WebhookTable, WebhookTableSkeleton } from "./webhook-table";

/** Fetched on first opening, with what it imports (docs/performance.md, first load). */
const WebhookFormDialog = lazyDialog(
  () => import("./webhook-form-dialog").then((module) => module.WebhookFormDialog),
  (props) => props.open,
);

export function WebhookListPage({ storeId }: { storeId: string }) {
  const [creating, setCreating] = useState(false);
  const store = useCurrentStore();
  return (
    <>
      <PageHeader
        title="Webhooks"
        breadcrumbs={[
          { label: store.name, href: `/stores/${store.id}` },
          { label: "Settings" },
          { label: "Webhooks" },
        ]}
        description={`Endpoints that receive an HTTP POST whenever something of their topic changes in this store: ${ALL_TOPICS_PHRASE}.`}
        actions={
          <AdminOnly fallback={null}>
            <Button variant="primary" onClick={() => setCreating(true)}>
              <Plus className="size-4" aria-hidden="true" />
              New webhook
            </Button>
          </AdminOnly>
        }
      />
      <AdminOnly>
        <WebhookList storeId={storeId} onCreate={() => setCreating(true)} />
        <WebhookFormDialog
          mode="create"
          storeId={storeId}
          open={creating}
          onClose={() => setCreating(false)}
        />
      </AdminOnly>
    </>
  );
}

function WebhookList({ storeId, onCreate }: { storeId: string; onCreate: () => void }) {
  const webhooks = useWebhooks(storeId);
  if (webhooks.isPending) return <WebhookTableSkeleton />;
  if (webhooks.isError) {
    return (
      <Card>
        <ErrorState message={errorMessage(webhooks.error)} onRetry={() => void webhooks.refetch()} />
      </Card>
    );
  }
  if (webhooks.data.length === 0) {
    return (
      <Card>
        <EmptyState
          title="No webhooks yet"
          icon={<WebhookIcon className="size-6" />}
          action={
            <Button variant="primary" onClick={onCreate}>
              <Plus className="size-4" aria-hidden="true" />
              New webhook
            </Button>
          }
        >
          A webhook tells your systems (an ERP, a warehouse tool, a helpdesk) about changes to{" "}
          {ALL_TOPICS_PHRASE} as they happen, so they need not poll the API. Each event is signed and retried
          until your endpoint accepts it. See the{" "}
          <Link href="/docs/api" className="font-medium text-indigo-700 underline hover:text-indigo-900">
            API reference
          </Link>{" "}
          for the payloads.
        </EmptyState>
      </Card>
    );
  }
  return <WebhookTable storeId={storeId} webhooks={webhooks.data} />;
}
