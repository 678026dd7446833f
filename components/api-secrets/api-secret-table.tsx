"use client";

import { useNow } from "@/components/app/use-now";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { RelativeTime } from "@/components/ui/relative-time";
import { Skeleton } from "@/components/ui/skeleton";
import type { ApiSecret } from "@/lib/schemas/api-secrets";

// Tighter cells below 1024 px so the whole table, Revoke included, fits a 768 px tablet without scrolling.
const PAD = "px-2 lg:px-4";
const HEAD = `${PAD} whitespace-nowrap py-2.5 text-left text-xs font-medium uppercase tracking-wide text-slate-500`;
const CELL = `${PAD} py-3 align-top`;
const COLUMNS = ["Name", "Secret", "Created", "Last used", "Status"] as const;

function TableHead() {
  return (
    <thead className="bg-slate-50">
      <tr>
        {COLUMNS.map((column) => (
          <th key={column} scope="col" className={HEAD}>
            {column}
          </th>
        ))}
        <th scope="col" className={HEAD}>
          <span className="sr-only">Actions</span>
        </th>
      </tr>
    </thead>
  );
}

/** Newest first, as the API lists them; revoked secrets stay listed (greyed) for the audit trail. */
export function ApiSecretTable({
  apiSecrets,
  onRevoke,
}: {
  apiSecrets: ApiSecret[];
  onRevoke: (apiSecret: ApiSecret) => void;
}) {
  const now = useNow();
  return (
    // `relative`: the Revoke buttons' sr-only text is absolutely positioned and would otherwise widen the
    // page instead of scrolling inside the card.
    <Card bodyClassName="relative overflow-x-auto">
      <table className="w-full min-w-[38rem] text-sm">
        <caption className="sr-only">API secrets of this store</caption>
        <TableHead />
        <tbody className="divide-y divide-slate-200">
          {apiSecrets.map((apiSecret) => {
            const revoked = apiSecret.revokedAt !== null;
            return (
              <tr key={apiSecret.id} className={revoked ? "bg-slate-50 text-slate-600" : "text-slate-800"}>
                <td className={`${CELL} min-w-32 font-medium ${revoked ? "" : "text-slate-900"}`}>
                  <span className="break-words">{apiSecret.name}</span>
                </td>
                <td className={`${CELL} whitespace-nowrap`}>
                  <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800">
                    {apiSecret.start}…
                  </code>
                </td>
                <td className={CELL}>
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
                </td>
                <td className={`${CELL} whitespace-nowrap`}>
                  <RelativeTime value={apiSecret.lastUsedAt} now={now} />
                </td>
                <td className={`${CELL} whitespace-nowrap`}>
                  {apiSecret.revokedAt ? (
                    <>
                      <Badge tone="gray">Revoked</Badge>
                      <div className="mt-1 text-xs text-slate-600">
                        <RelativeTime value={apiSecret.revokedAt} now={now} />
                      </div>
                    </>
                  ) : (
                    <Badge tone="green">Active</Badge>
                  )}
                </td>
                <td className={`${CELL} py-2 text-right`}>
                  {revoked ? null : (
                    <Button size="sm" onClick={() => onRevoke(apiSecret)}>
                      Revoke<span className="sr-only"> {apiSecret.name}</span>
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}

export function ApiSecretTableSkeleton() {
  return (
    <Card bodyClassName="relative overflow-x-auto">
      <table className="w-full min-w-[38rem] text-sm" aria-busy="true">
        <caption className="sr-only">Loading API secrets</caption>
        <TableHead />
        <tbody className="divide-y divide-slate-200">
          {[0, 1].map((row) => (
            <tr key={row}>
              <td className={CELL}>
                <Skeleton className="h-5 w-36" />
              </td>
              <td className={CELL}>
                <Skeleton className="h-5 w-24" />
              </td>
              <td className={CELL}>
                <Skeleton className="h-5 w-24" />
                <Skeleton className="mt-1 h-4 w-20" />
              </td>
              <td className={CELL}>
                <Skeleton className="h-5 w-20" />
              </td>
              <td className={CELL}>
                <Skeleton className="h-5 w-14" />
              </td>
              <td className={`${CELL} py-2`}>
                <Skeleton className="ml-auto h-8 w-16" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
