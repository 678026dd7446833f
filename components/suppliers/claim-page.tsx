"use client";

import { Download, Pencil, Plus } from "lucide-react";
import Link from "next/link";
import { type ReactNode, useState } from "react";
import { useCan, useCurrentStore, useStoreTimeZone } from "@/components/app/staff-context";
import { PageHeader } from "@/components/shell/page-header";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ColumnHeadings } from "@/components/ui/column-headings";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/lib/client/api-client";
import { operationUrl } from "@/lib/client/call-api";
import { formatDate, formatDateTime, formatMoney, formatNumber, humanize } from "@/lib/client/format";
import { useSupplierClaim } from "@/lib/client/hooks/suppliers";
import type { SupplierClaim } from "@/lib/schemas/suppliers";
import { ClaimActions } from "./claim-actions";
import { ClaimAddLineDialog } from "./claim-add-line-dialog";
import { ClaimLineDialog } from "./claim-line-dialog";
import { ClaimStatusBadge } from "./claim-status-badge";

/** One claim: to whom, its lines with reasons, costs and photos, its history, the PDF and CSV, and what is next. */
export function SupplierClaimPage({ supplierClaimId }: { supplierClaimId: string }) {
  const store = useCurrentStore();
  const query = useSupplierClaim(store.id, supplierClaimId);
  const crumbs = (label: string) => [
    { label: store.name, href: `/stores/${store.id}` },
    { label: "Supplier claims", href: `/stores/${store.id}/supplier-claims` },
    { label },
  ];
  if (query.isError) {
    return (
      <>
        <PageHeader title="Supplier claim" breadcrumbs={crumbs(supplierClaimId)} />
        <ErrorState
          title="The claim could not be loaded"
          message={errorMessage(query.error)}
          onRetry={() => query.refetch()}
        />
      </>
    );
  }
  if (!query.isSuccess) {
    return (
      <>
        <PageHeader title="Supplier claim" breadcrumbs={crumbs("Claim")} />
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-40 w-full" />
        </div>
      </>
    );
  }
  const claim = query.data;
  const params = { storeId: store.id, supplierClaimId: claim.id };
  return (
    <>
      <PageHeader
        title={`Claim to ${claim.supplier.name}`}
        breadcrumbs={crumbs(claim.id)}
        description={
          claim.status === "DISCARDED" && claim.resolved_at
            ? `Discarded ${formatDate(claim.resolved_at)}: nothing claimed`
            : `${formatNumber(claim.unit_count)} ${claim.unit_count === 1 ? "unit" : "units"}, ${formatMoney(claim.total)} claimed, due ${formatDate(claim.due_date)}`
        }
        meta={
          <>
            <ClaimStatusBadge status={claim.status} />
            <span className="font-mono text-sm text-slate-600">{claim.id}</span>
          </>
        }
        actions={
          <>
            <a href={operationUrl("getSupplierClaimPdf", { params })} download className={buttonClasses()}>
              <Download aria-hidden="true" className="size-4" />
              PDF
            </a>
            <a href={operationUrl("getSupplierClaimCsv", { params })} download className={buttonClasses()}>
              <Download aria-hidden="true" className="size-4" />
              CSV
            </a>
            <ClaimActions claim={claim} />
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ClaimLines claim={claim} />
        <div className="space-y-6">
          <ClaimDetails claim={claim} />
          <ClaimHistory claim={claim} />
        </div>
      </div>
    </>
  );
}

/** The claim's lines; a draft's, for those who write, each with Edit (units, unit cost, reason, remove). */
function ClaimLines({ claim }: { claim: SupplierClaim }) {
  const store = useCurrentStore();
  const canWrite = useCan("write");
  const editable = canWrite && claim.status === "DRAFT";
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const editingLine = claim.lines.find((line) => line.id === editing);
  return (
    <Card
      title="Lines"
      description={editable ? "A draft's lines can be corrected until it is sent." : undefined}
      actions={
        editable ? (
          <Button size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="size-4" />
            Add line
          </Button>
        ) : undefined
      }
      className="self-start"
      bodyClassName="p-0 overflow-x-auto"
    >
      <table className="w-full text-sm" aria-label="Claim lines">
        <ColumnHeadings
          cellClassName="px-4 py-2"
          columns={[
            { label: "Item" },
            { label: "Reason" },
            { label: "Units", numeric: true },
            { label: "Unit cost", numeric: true },
            { label: "Total", numeric: true },
            ...(editable ? [{ label: "Edit", srOnly: true }] : []),
          ]}
        />
        <tbody>
          {claim.status === "DISCARDED" ? (
            <tr className="border-t border-slate-100">
              <td colSpan={5} className="px-4 py-3 text-slate-600">
                Discarded: none of its units are claimed any more (they are kept as waived, for the books).
              </td>
            </tr>
          ) : null}
          {claim.lines.map((line) => (
            <tr key={line.id} className="border-t border-slate-100 align-top">
              <td className="px-4 py-2.5">
                <span className="block font-medium text-slate-900">{line.title}</span>
                {line.sku ? <span className="font-mono text-xs text-slate-600">{line.sku}</span> : null}
                {line.inbound_shipment_id ? (
                  <Link
                    href={`/stores/${store.id}/shipments/${line.inbound_shipment_id}${line.receipt_id ? `#receipt-${line.receipt_id}` : ""}`}
                    title={line.receipt_id ?? undefined}
                    className="block text-xs text-indigo-700 hover:underline"
                  >
                    {/* The id (22 characters) wrapped into three lines of a narrow column: the link says
                        where it goes, the title and the shipment page's anchor carry the id. */}
                    From its receipt<span className="sr-only"> {line.receipt_id ?? ""}</span>
                  </Link>
                ) : null}
                {line.return_id ? (
                  <Link
                    href={`/stores/${store.id}/returns/${line.return_id}`}
                    title={line.return_id}
                    className="block text-xs text-indigo-700 hover:underline"
                  >
                    From its return<span className="sr-only"> {line.return_id}</span>
                  </Link>
                ) : null}
                {line.source === "manual" ? (
                  <span className="block text-xs text-slate-600">Added by hand</span>
                ) : null}
                {line.note ? <span className="block text-xs text-slate-600">{line.note}</span> : null}
                {line.photos.length > 0 ? (
                  <ul className="mt-1 flex gap-1" aria-label="Photos">
                    {line.photos.map((url, index) => (
                      <li key={url}>
                        <a href={url} target="_blank" rel="noreferrer" className="block">
                          {/* biome-ignore lint/performance/noImgElement: stored receipt photos, served as they are */}
                          <img
                            src={url}
                            alt={`Damage ${index + 1} of ${line.title}`}
                            className="size-12 rounded border border-slate-200 object-cover"
                          />
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </td>
              <td className="px-4 py-2.5">{humanize(line.reason)}</td>
              <td className="px-4 py-2.5 text-right tabular-nums">
                {formatNumber(line.quantity)}
                {line.waived_quantity > 0 ? (
                  <span className="block text-xs text-slate-600">
                    {formatNumber(line.waived_quantity)} waived
                  </span>
                ) : null}
              </td>
              <td className="px-4 py-2.5 text-right tabular-nums">{formatMoney(line.unit_cost)}</td>
              <td className="px-4 py-2.5 text-right tabular-nums">{formatMoney(line.total)}</td>
              {editable ? (
                <td className="px-2 py-1.5 text-right">
                  <Button size="sm" variant="ghost" onClick={() => setEditing(line.id)}>
                    <Pencil aria-hidden="true" className="size-4" />
                    Edit<span className="sr-only"> line {line.title}</span>
                  </Button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      {editable && adding ? <ClaimAddLineDialog claim={claim} onClose={() => setAdding(false)} /> : null}
      {editable && editingLine ? (
        <ClaimLineDialog claim={claim} line={editingLine} onClose={() => setEditing(null)} />
      ) : null}
    </Card>
  );
}

function ClaimDetails({ claim }: { claim: SupplierClaim }) {
  const store = useCurrentStore();
  const rows: [string, ReactNode][] = [
    [
      "Supplier",
      <Link
        key="supplier"
        href={`/stores/${store.id}/suppliers/${claim.supplier.id}`}
        className="text-indigo-700 hover:underline"
      >
        {claim.supplier.name}
      </Link>,
    ],
    ["E-mail", claim.supplier.email],
    ["Claimed", formatMoney(claim.total)],
    ["Recovered", claim.credited ? formatMoney(claim.credited) : "—"],
    // A discarded claim is owed nothing: when it was discarded says more than a due date.
    claim.status === "DISCARDED"
      ? ["Discarded", formatDate(claim.resolved_at)]
      : ["Due", formatDate(claim.due_date)],
  ];
  if (claim.note) rows.push(["Note", claim.note]);
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

const EVENT_WORDS: Record<SupplierClaim["history"][number]["kind"], string> = {
  drafted: "Drafted",
  lines_added: "Lines added",
  sent: "Sent",
  credited: "Credited",
  rejected: "Rejected",
  line_edited: "Line edited",
  line_removed: "Line removed",
  discarded: "Discarded",
};

function ClaimHistory({ claim }: { claim: SupplierClaim }) {
  const timeZone = useStoreTimeZone();
  return (
    <Card title="History">
      <ol className="space-y-3 text-sm">
        {claim.history.map((event) => (
          <li key={`${event.kind}-${event.created_at}`} className="border-l-2 border-indigo-200 pl-3">
            <p className="text-slate-900">
              {EVENT_WORDS[event.kind]} by {event.actor}
              {event.amount ? `: ${formatMoney(event.amount)}` : ""}
            </p>
            {event.note ? <p className="text-slate-700">{event.note}</p> : null}
            <p className="text-xs text-slate-600">{formatDateTime(event.created_at, timeZone)}</p>
          </li>
        ))}
      </ol>
    </Card>
  );
}
