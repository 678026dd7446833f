"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { useCurrentStore, useStoreTimeZone } from "@/components/app/staff-context";
import { PageHeader } from "@/components/shell/page-header";
import { Card } from "@/components/ui/card";
import { ColumnHeadings } from "@/components/ui/column-headings";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/lib/client/api-client";
import { formatDateTime, formatNumber } from "@/lib/client/format";
import { useTransfer } from "@/lib/client/hooks/transfers";
import type { Transfer } from "@/lib/schemas/transfers";
import { TransferActions } from "./transfer-actions";
import { TransferStatusBadge } from "./transfer-status-badge";

/**
 * One transfer: where from and to, its lines with what arrived, its timeline, and what can be done next.
 * Ship (a draft) takes the units out of the origin; Receive opens the destination shipment's Receive mode,
 * the same one inbound shipments use; Cancel (a draft, or in transit before anything was received) returns
 * the units.
 */
export function TransferPage({ transferId }: { transferId: string }) {
  const store = useCurrentStore();
  const query = useTransfer(store.id, transferId);
  const listHref = `/stores/${store.id}/transfers`;
  const crumbs = (label: string) => [
    { label: store.name, href: `/stores/${store.id}` },
    { label: "Transfers", href: listHref },
    { label },
  ];
  if (query.isError) {
    return (
      <>
        <PageHeader title="Transfer" breadcrumbs={crumbs(transferId)} />
        <ErrorState
          title="The transfer could not be loaded"
          message={errorMessage(query.error)}
          onRetry={() => query.refetch()}
        />
      </>
    );
  }
  if (!query.isSuccess) {
    return (
      <>
        <PageHeader title="Transfer" breadcrumbs={crumbs("Transfer")} />
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      </>
    );
  }
  const transfer = query.data;
  return (
    <>
      <PageHeader
        title={`Transfer to ${transfer.destination.name}`}
        breadcrumbs={crumbs(transfer.id)}
        description={
          <>
            {formatNumber(transfer.unit_count)} units from {transfer.origin.name} to{" "}
            {transfer.destination.name}
          </>
        }
        meta={
          <>
            <TransferStatusBadge status={transfer.status} />
            <span className="font-mono text-sm text-slate-600">{transfer.id}</span>
          </>
        }
        actions={<TransferActions transfer={transfer} />}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <TransferLines transfer={transfer} />
        <div className="space-y-6">
          <TransferDetails transfer={transfer} />
          <TransferTimeline transfer={transfer} />
        </div>
      </div>
    </>
  );
}

function TransferLines({ transfer }: { transfer: Transfer }) {
  const store = useCurrentStore();
  const shipped = transfer.status !== "DRAFT" && transfer.status !== "CANCELLED";
  return (
    <Card title="Products" className="self-start" bodyClassName="p-0">
      <table className="w-full text-sm" aria-label="Transfer lines">
        <ColumnHeadings
          cellClassName="px-4 py-2"
          columns={[
            { label: "Product" },
            { label: "Units", numeric: true },
            ...(shipped
              ? [
                  { label: "Received", numeric: true },
                  { label: "Damaged", numeric: true },
                  { label: "Missing", numeric: true },
                ]
              : []),
          ]}
        />
        <tbody>
          {transfer.lines.map((line) => (
            <tr key={line.id} className="border-t border-slate-100">
              <td className="px-4 py-2.5">
                <Link
                  href={`/stores/${store.id}/inventory/${line.inventory_item_id}`}
                  className="block font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  {line.name ?? line.sku ?? line.inventory_item_id}
                </Link>
                {line.sku ? <span className="font-mono text-xs text-slate-600">{line.sku}</span> : null}
              </td>
              <td className="px-4 py-2.5 text-right tabular-nums">{formatNumber(line.quantity)}</td>
              {shipped ? (
                <>
                  <td className="px-4 py-2.5 text-right tabular-nums">{formatNumber(line.received)}</td>
                  <td
                    className={`px-4 py-2.5 text-right tabular-nums ${line.damaged > 0 ? "text-red-700" : ""}`}
                  >
                    {formatNumber(line.damaged)}
                  </td>
                  <td
                    className={`px-4 py-2.5 text-right tabular-nums ${line.missing > 0 ? "text-red-700" : ""}`}
                  >
                    {formatNumber(line.missing)}
                  </td>
                </>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function TransferDetails({ transfer }: { transfer: Transfer }) {
  const store = useCurrentStore();
  const rows: [string, ReactNode][] = [
    ["From", transfer.origin.name],
    ["To", transfer.destination.name],
    [
      "Destination shipment",
      transfer.inbound_shipment_id ? (
        <Link
          key="shipment"
          href={`/stores/${store.id}/shipments/${transfer.inbound_shipment_id}`}
          className="font-mono text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {transfer.inbound_shipment_id}
        </Link>
      ) : (
        "None yet: created when it ships"
      ),
    ],
    [
      "Arrived",
      `${formatNumber(transfer.received_count)} received, ${formatNumber(transfer.damaged_count)} damaged, ${formatNumber(transfer.missing_count)} missing`,
    ],
  ];
  if (transfer.note) rows.push(["Note", transfer.note]);
  return (
    <Card title="Details">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="min-w-0 break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function TransferTimeline({ transfer }: { transfer: Transfer }) {
  const timeZone = useStoreTimeZone();
  const entries: { at: string; what: string }[] = [
    { at: transfer.created_at, what: `Created${transfer.created_by ? ` by ${transfer.created_by}` : ""}` },
  ];
  if (transfer.shipped_at)
    entries.push({
      at: transfer.shipped_at,
      what: `Shipped${transfer.shipped_by ? ` by ${transfer.shipped_by}` : ""}: units left ${transfer.origin.name}`,
    });
  if (transfer.closed_at)
    entries.push({ at: transfer.closed_at, what: `Closed: every unit received, damaged or missing` });
  if (transfer.cancelled_at)
    entries.push({
      at: transfer.cancelled_at,
      what: `Cancelled${transfer.cancelled_by ? ` by ${transfer.cancelled_by}` : ""}`,
    });
  return (
    <Card
      title="Timeline"
      description={
        transfer.inbound_shipment_id ? "Each receipt is on the destination shipment's page." : undefined
      }
    >
      <ol className="space-y-3 text-sm">
        {entries.map((entry) => (
          <li key={entry.what} className="border-l-2 border-indigo-200 pl-3">
            <p className="text-slate-900">{entry.what}</p>
            <p className="text-xs text-slate-600">{formatDateTime(entry.at, timeZone)}</p>
          </li>
        ))}
      </ol>
    </Card>
  );
}
