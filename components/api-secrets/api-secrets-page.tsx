"use client";

import { KeyRound, Plus } from "lucide-react";
import Link from "next/link";
import { type ReactNode, useState } from "react";
import { AdminOnlyNotice } from "@/components/app/admin-only";
import { useCan, useCurrentStore } from "@/components/app/staff-context";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { lazyDialog } from "@/components/ui/lazy-dialog";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/lib/client/api-client";
import { useApiSecrets } from "@/lib/client/hooks/api-secrets";
import type { ApiSecret } from "@/lib/schemas/api-secrets";
import { ApiSecretTable, ApiSecretTableSkeleton } from "./api-secret-table";
import { RevokeApiSecretDialog } from "./revoke-api-secret-dialog";

/** Fetched on first opening, with what it imports (docs/performance.md, first load). */
const CreateApiSecretDialog = lazyDialog(
  () => import("./create-api-secret-dialog").then((module) => module.CreateApiSecretDialog),
  (props) => props.open,
);

const docsLink = "font-medium text-indigo-700 underline hover:text-indigo-900";

/** Settings → API secrets: list, create (the secret shown once) and revoke. Admins only, as in the API. */
export function ApiSecretsPage({ storeId }: { storeId: string }) {
  const isAdmin = useCan("admin");
  const store = useCurrentStore();
  const [creating, setCreating] = useState(false);
  const createButton = (
    <Button variant="primary" onClick={() => setCreating(true)}>
      <Plus className="size-4" aria-hidden="true" />
      Create API secret
    </Button>
  );

  return (
    <>
      <PageHeader
        title="API secrets"
        breadcrumbs={[
          { label: store.name, href: `/stores/${store.id}` },
          { label: "Settings" },
          { label: "API secrets" },
        ]}
        description={
          <>
            Secrets your other systems send as <code className="font-mono text-[0.8125rem]">Bearer</code>{" "}
            token to call the{" "}
            <Link href="/docs/api" className={docsLink}>
              Backroom API
            </Link>{" "}
            for this store.
          </>
        }
        actions={isAdmin ? createButton : null}
      />
      {isAdmin ? (
        <>
          <ApiSecretList storeId={storeId} createButton={createButton} />
          <CreateApiSecretDialog storeId={storeId} open={creating} onClose={() => setCreating(false)} />
        </>
      ) : (
        <ApiSecretsAdminOnly />
      )}
    </>
  );
}

function ApiSecretsAdminOnly() {
  const store = useCurrentStore();
  return (
    <AdminOnlyNotice title="Only admins manage API secrets">
      An API secret gives full access to this store's data through the API, so only admins of {store.name} can
      see, create or revoke them. Ask one of them if an integration needs a secret.
    </AdminOnlyNotice>
  );
}

function ApiSecretList({ storeId, createButton }: { storeId: string; createButton: ReactNode }) {
  const secrets = useApiSecrets(storeId);
  const [revoking, setRevoking] = useState<ApiSecret | null>(null);

  if (secrets.isPending) return <ApiSecretTableSkeleton />;
  if (secrets.isError) {
    return (
      <Card>
        <ErrorState
          title="The API secrets could not be loaded"
          message={errorMessage(secrets.error)}
          onRetry={() => void secrets.refetch()}
        />
      </Card>
    );
  }
  if (secrets.data.length === 0) {
    return (
      <Card>
        <EmptyState title="No API secrets yet" icon={<KeyRound className="size-6" />} action={createButton}>
          An API secret lets another system (your ERP, a warehouse scanner, a script) read and update this
          store's returns, inbound shipments and inventory through the API. Each secret works for this store
          only, is shown once when created and can be revoked at any time. The{" "}
          <Link href="/docs/api" className={docsLink}>
            API reference
          </Link>{" "}
          shows what it can call.
        </EmptyState>
      </Card>
    );
  }
  return (
    <>
      <ApiSecretTable apiSecrets={secrets.data} onRevoke={setRevoking} />
      <RevokeApiSecretDialog storeId={storeId} apiSecret={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}
