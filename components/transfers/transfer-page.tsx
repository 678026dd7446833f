"use client";

import { Ban, ScanLine, Send } from "lucide-react";
import Link from "next/link";
import { type ReactNode, useState } from "react";
import { useCan, useCurrentStore, useStoreTimeZone } from "@/components/app/staff-context";
import { PageHeader } from "@/components/shell/page-header";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ColumnHeadings } from "@/components/ui/column-headings";
import { Dialog } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/lib/client/api-client";
import { formatDateTime, formatNumber } from "@/lib/client/format";
import { useTransfer, useTransferAction } from "@/lib/client/hooks/transfers";
import { toast } from "@/lib/client/toast";
import type { Transfer } from "@/lib/schemas/transfers";
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

function TransferActions({ transfer }: { transfer: Transfer }) {
  const store = useCurrentStore();
  const canWrite = useCan("write");
  const action = useTransferAction(store.id, transfer.id);
  const [confirming, setConfirming] = useState<"ship" | "cancel" | null>(null);
  if (!canWrite) return null;
  const run = (which: "ship" | "cancel") =>
    action.mutate(which, {
      onSuccess: (updated) => {
        setConfirming(null);
        toast.success(which === "ship" ? "Transfer shipped" : "Transfer cancelled", {
          description:
            which === "ship"
              ? `${formatNumber(updated.unit_count)} units left ${updated.origin.name} and are incoming at ${updated.destination.name}.`
              : transfer.status === "IN_TRANSIT"
                ? `${formatNumber(updated.unit_count)} units are back at ${updated.origin.name}.`
                : "Nothing was moved.",
        });
      },
    });
  const receivable =
    (transfer.status === "IN_TRANSIT" || transfer.status === "PARTIALLY_RECEIVED") &&
    transfer.inbound_shipment_id;
  const cancellable = transfer.status === "DRAFT" || transfer.status === "IN_TRANSIT";
  return (
    <>
      {transfer.status === "DRAFT" ? (
        <Button variant="primary" onClick={() => setConfirming("ship")}>
          <Send aria-hidden="true" className="size-4" />
          Ship
        </Button>
      ) : null}
      {receivable ? (
        <Link
          href={`/stores/${store.id}/shipments/${transfer.inbound_shipment_id}/receive`}
          className={buttonClasses("primary")}
        >
          <ScanLine aria-hidden="true" className="size-4" />
          Receive
        </Link>
      ) : null}
      {cancellable ? (
        <Button variant="secondary" onClick={() => setConfirming("cancel")}>
          <Ban aria-hidden="true" className="size-4" />
          Cancel transfer
        </Button>
      ) : null}
      <Dialog
        open={confirming !== null}
        onClose={() => {
          setConfirming(null);
          action.reset();
        }}
        title={confirming === "ship" ? "Ship this transfer?" : "Cancel this transfer?"}
        description={
          confirming === "ship"
            ? `${formatNumber(transfer.unit_count)} units leave ${transfer.origin.name}'s unbinned stock now and show as incoming at ${transfer.destination.name}, where they are received like an inbound shipment.`
            : transfer.status === "IN_TRANSIT"
              ? `The ${formatNumber(transfer.unit_count)} units go back to ${transfer.origin.name}'s stock and ${transfer.destination.name} no longer expects them.`
              : "The draft is kept as cancelled; no stock has moved."
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              Keep it
            </Button>
            <Button
              variant={confirming === "cancel" ? "danger" : "primary"}
              pending={action.isPending}
              onClick={() => confirming && run(confirming)}
            >
              {confirming === "ship" ? "Ship now" : "Cancel transfer"}
            </Button>
          </>
        }
      >
        {action.error ? (
          <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            <p>{errorMessage(action.error)}</p>
            {action.error && "errors" in action.error && Array.isArray(action.error.errors) ? (
              <ul className="mt-1 list-disc pl-5">
                {(action.error.errors as { path: string; message: string }[]).map((issue) => (
                  <li key={issue.path}>{issue.message}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </Dialog>
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
