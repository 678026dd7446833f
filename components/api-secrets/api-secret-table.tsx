"use client";

import { useNow } from "@/components/app/use-now";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CardTable, type CardTableColumn } from "@/components/ui/card-table";
import { RelativeTime } from "@/components/ui/relative-time";
import { Skeleton } from "@/components/ui/skeleton";
import type { ApiSecret } from "@/lib/schemas/api-secrets";

function apiSecretColumns(now: number): CardTableColumn<ApiSecret>[] {
  return [
    {
      header: "Name",
      className: "min-w-32 font-medium",
      skeleton: <Skeleton className="h-5 w-36" />,
      cell: (apiSecret) => (
        <span className={`break-words ${apiSecret.revokedAt ? "" : "text-slate-900"}`}>{apiSecret.name}</span>
      ),
    },
    {
      header: "Secret",
      className: "whitespace-nowrap",
      skeleton: <Skeleton className="h-5 w-24" />,
      cell: (apiSecret) => (
        <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800">
          {apiSecret.start}…
        </code>
      ),
    },
    {
      header: "Created",
      skeleton: (
        <>
          <Skeleton className="h-5 w-24" />
          <Skeleton className="mt-1 h-4 w-20" />
        </>
      ),
      cell: (apiSecret) => (
        <>
          <div className="whitespace-nowrap">
            <RelativeTime value={apiSecret.createdAt} now={now} />
          </div>
          <div className="mt-0.5 text-xs text-slate-600">
            {apiSecret.createdBy ? (
              <>by {apiSecret.createdBy.name}</>
            ) : (
              <span title="The command line or the demo data; or the staff member was deleted">
                by the command line
              </span>
            )}
          </div>
        </>
      ),
    },
    {
      header: "Last used",
      className: "whitespace-nowrap",
      cell: (apiSecret) => <RelativeTime value={apiSecret.lastUsedAt} now={now} />,
    },
    {
      header: "Status",
      className: "whitespace-nowrap",
      skeleton: <Skeleton className="h-5 w-14" />,
      cell: (apiSecret) =>
        apiSecret.revokedAt ? (
          <>
            <Badge tone="gray">Revoked</Badge>
            <div className="mt-1 text-xs text-slate-600">
              <RelativeTime value={apiSecret.revokedAt} now={now} />
            </div>
          </>
        ) : (
          <Badge tone="green">Active</Badge>
        ),
    },
  ];
}

/**
 * Newest first, as the API lists them; revoked secrets stay listed (greyed) for the audit trail.
 * `apiSecrets` null: skeleton rows while they load.
 */
export function ApiSecretTable({
  apiSecrets,
  onRevoke,
}: {
  apiSecrets: ApiSecret[] | null;
  onRevoke: (apiSecret: ApiSecret) => void;
}) {
  const now = useNow();
  return (
    <CardTable
      caption="API secrets of this store"
      columns={apiSecretColumns(now)}
      rows={apiSecrets}
      rowKey={(apiSecret) => apiSecret.id}
      rowClassName={(apiSecret) => (apiSecret.revokedAt ? "bg-slate-50 text-slate-600" : "text-slate-800")}
      minWidth="min-w-[38rem]"
      verticalAlign="align-top"
      actions={(apiSecret) =>
        apiSecret.revokedAt ? null : (
          <Button size="sm" onClick={() => onRevoke(apiSecret)}>
            Revoke<span className="sr-only"> {apiSecret.name}</span>
          </Button>
        )
      }
    />
  );
}

/** The table's frame with skeleton rows, while the secrets load. */
export function ApiSecretTableSkeleton() {
  return <ApiSecretTable apiSecrets={null} onRevoke={() => undefined} />;
}
