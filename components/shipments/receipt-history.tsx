"use client";

import { ClipboardList, PencilLine } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useCan, useStoreTimeZone } from "@/components/app/staff-context";
import { commentImageSrc } from "@/components/returns/comment-attachment";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ColumnHeadings } from "@/components/ui/column-headings";
import { RelativeTime } from "@/components/ui/relative-time";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/lib/client/api-client";
import { formatDateTime, formatNumber, humanize } from "@/lib/client/format";
import { useInboundReceipts } from "@/lib/client/hooks/receipts";
import { flattenPages } from "@/lib/client/paged-list";
import type { Receipt } from "@/lib/schemas/inbound-receipts";
import { CorrectReceiptDialog } from "./correct-receipt-dialog";
import { ReceiptLineSerials } from "./receipt-line-serials";
import { serialsTakenBack } from "./receipt-serials";

const headingPadding = "px-3 py-2";
const num = "px-3 py-2 text-right tabular-nums";
const NONE_TAKEN_BACK: ReadonlySet<string> = new Set();

/** The element id of a receipt on the shipment page: the stock history links to `#receipt-rcp_…`. */
export const receiptAnchor = (receiptId: string) => `receipt-${receiptId}`;

/** A quantity as the receipt changed it: a correction's negative units keep their sign. */
function units(value: number): string {
  return value < 0 ? `−${formatNumber(-value)}` : formatNumber(value);
}

/**
 * Every receipt of the shipment, newest first: who received, when, where it went, each line's units with the
 * reasons and photos. Receipts are never edited, so a correction is its own receipt and both are marked.
 */
export function ReceiptHistory({
  storeId,
  inboundShipmentId,
  processedWithoutReceipts,
  highlightId,
}: {
  storeId: string;
  inboundShipmentId: string;
  /** Units counted before receipts existed (the demo, imports): said so rather than shown as nothing. */
  processedWithoutReceipts: boolean;
  /** The receipt just recorded, marked as such. */
  highlightId?: string | null;
}) {
  const query = useInboundReceipts(storeId, inboundShipmentId);
  const receipts = flattenPages(query.data?.pages);
  const [marked, setMarked] = useState<string | null>(null);
  // A link to one receipt (`#receipt-rcp_…`, from the stock history) finds it once the receipts are loaded.
  // Checked after each render until found: a client navigation may set the URL's hash after the first one.
  const loaded = query.isSuccess;
  const found = useRef<string | null>(null);
  useEffect(() => {
    if (!loaded) return;
    const target = window.location.hash.slice(1);
    if (!target.startsWith("receipt-") || found.current === target) return;
    const element = document.getElementById(target);
    if (!element) return;
    found.current = target;
    setMarked(target.slice("receipt-".length));
    // After the router's own scroll for the navigation.
    requestAnimationFrame(() => {
      element.scrollIntoView({ block: "start" });
      element.focus();
    });
  });
  const takenBack = serialsTakenBack(receipts);
  const correctedBy = new Map(
    receipts.flatMap((receipt) =>
      receipt.corrects_receipt_id ? [[receipt.corrects_receipt_id, receipt.id]] : [],
    ),
  );

  return (
    // `#receipts` is where Receive mode's guard sends a fully received shipment's corrections.
    <div id="receipts" className="scroll-mt-20">
      <Card
        title="Receipts"
        description="Newest first. A receipt is never edited: a correction is a receipt of its own."
      >
        {query.isPending ? (
          <div className="space-y-3" aria-busy="true">
            <span className="sr-only">Loading receipts…</span>
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : query.isError ? (
          <ErrorState
            title="The receipts could not be loaded"
            message={errorMessage(query.error)}
            onRetry={() => query.refetch()}
          />
        ) : receipts.length === 0 ? (
          <EmptyState icon={<ClipboardList className="size-6" />} title="No receipts yet">
            {processedWithoutReceipts
              ? "The counts above were recorded before this shipment was received in Backroom, so no receipt shows who counted them."
              : "Units received with Receive are listed here with who received them, when, and what was damaged or missing."}
          </EmptyState>
        ) : (
          <ol className="space-y-4" aria-label="Receipts of this shipment">
            {receipts.map((receipt) => (
              <ReceiptEntry
                key={receipt.id}
                receipt={receipt}
                storeId={storeId}
                correctedBy={correctedBy.get(receipt.id)}
                takenBack={takenBack.get(receipt.id) ?? NONE_TAKEN_BACK}
                highlighted={receipt.id === highlightId}
                linked={receipt.id === marked}
                onCorrected={setMarked}
              />
            ))}
          </ol>
        )}
        {query.hasNextPage ? (
          <div className="mt-4 text-center">
            <Button size="sm" onClick={() => query.fetchNextPage()} pending={query.isFetchingNextPage}>
              Show older receipts
            </Button>
          </div>
        ) : null}
      </Card>
    </div>
  );
}

function ReceiptEntry({
  storeId,
  receipt,
  correctedBy,
  takenBack,
  highlighted,
  linked,
  onCorrected,
}: {
  storeId: string;
  receipt: Receipt;
  correctedBy: string | undefined;
  /** The serials corrections of this receipt took back. */
  takenBack: ReadonlySet<string>;
  highlighted: boolean;
  /** The receipt a link pointed at, or the correction just recorded. */
  linked: boolean;
  onCorrected: (correctionId: string) => void;
}) {
  const timeZone = useStoreTimeZone();
  const canWrite = useCan("write");
  const [correcting, setCorrecting] = useState(false);
  const who =
    receipt.received_by.kind === "api_secret"
      ? `API secret “${receipt.received_by.name}”`
      : receipt.received_by.name;
  return (
    <li
      id={receiptAnchor(receipt.id)}
      tabIndex={-1}
      className={`scroll-mt-20 rounded-md border focus:outline-hidden ${highlighted ? "border-emerald-400 ring-2 ring-emerald-200" : linked ? "border-indigo-400 ring-2 ring-indigo-200" : "border-slate-200"}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Received by {who}</h3>
          <p className="text-sm text-slate-600">
            <RelativeTime value={receipt.created_at} /> · {receipt.location.name}
            {receipt.bin ? <> · Bin {receipt.bin}</> : null}
            <span className="sr-only"> ({formatDateTime(receipt.created_at, timeZone)})</span>
          </p>
          {receipt.note ? <p className="mt-1 text-sm text-slate-800">{receipt.note}</p> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {highlighted ? <Badge tone="green">Just recorded</Badge> : null}
          {receipt.corrects_receipt_id ? (
            <Badge tone="amber">Correction of {receipt.corrects_receipt_id}</Badge>
          ) : null}
          {correctedBy ? <Badge tone="amber">Corrected by {correctedBy}</Badge> : null}
          <span className="font-mono text-xs text-slate-500">{receipt.id}</span>
          {canWrite ? (
            <Button size="sm" onClick={() => setCorrecting(true)}>
              <PencilLine aria-hidden="true" className="size-4" />
              Correct this receipt<span className="sr-only"> {receipt.id}</span>
            </Button>
          ) : null}
        </div>
      </div>
      {correcting ? (
        <CorrectReceiptDialog
          storeId={storeId}
          receipt={receipt}
          takenBack={takenBack}
          open={correcting}
          onClose={() => setCorrecting(false)}
          onCorrected={(id) => {
            setCorrecting(false);
            onCorrected(id);
          }}
        />
      ) : null}
      <div className="overflow-x-auto">
        <table className="w-full min-w-[36rem] text-sm" aria-label={`Lines of receipt ${receipt.id}`}>
          <ColumnHeadings
            cellClassName={headingPadding}
            columns={[
              { label: "Product" },
              { label: "Received", numeric: true },
              { label: "Damaged", numeric: true },
              { label: "Missing", numeric: true },
              { label: "Why" },
            ]}
          />
          <tbody>
            {receipt.lines.map((line) => (
              <tr key={line.id} className="border-t border-slate-100 align-top">
                <td className="px-3 py-2">
                  <div className="text-slate-900">{line.title}</div>
                  <div className="font-mono text-xs text-slate-600">{line.sku ?? "No SKU"}</div>
                  {line.lot_number ? (
                    <div className="text-xs text-slate-600">
                      Lot <span className="font-mono">{line.lot_number}</span>
                      {line.expiration_date ? `, expires ${line.expiration_date}` : ""}
                    </div>
                  ) : null}
                  <ReceiptLineSerials
                    title={line.title}
                    serials={line.serials}
                    takenBack={takenBack}
                    correcting={line.received < 0}
                  />
                </td>
                <td className={num}>{units(line.received)}</td>
                <td className={`${num} ${line.damaged !== 0 ? "text-red-700" : ""}`}>
                  {units(line.damaged)}
                </td>
                <td className={`${num} ${line.missing !== 0 ? "text-amber-800" : ""}`}>
                  {units(line.missing)}
                </td>
                <td className="px-3 py-2 text-slate-800">
                  {line.damaged_reason ? <div>Damaged: {humanize(line.damaged_reason)}</div> : null}
                  {line.missing_reason ? <div>Missing: {humanize(line.missing_reason)}</div> : null}
                  {line.note ? <div className="text-slate-600">{line.note}</div> : null}
                  {line.photos.length > 0 ? (
                    <ul className="mt-1.5 flex flex-wrap gap-2" aria-label={`Photos of ${line.title}`}>
                      {line.photos.map((url, index) => (
                        <li key={url}>
                          <a
                            href={commentImageSrc(url)}
                            target="_blank"
                            rel="noreferrer"
                            className="block rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                          >
                            {/* biome-ignore lint/performance/noImgElement: served by the API with the session cookie. */}
                            <img
                              src={commentImageSrc(url)}
                              alt={`Attachment ${index + 1} of ${line.title} (opens full size in a new tab)`}
                              width={56}
                              height={56}
                              loading="lazy"
                              className="size-14 rounded border border-slate-200 bg-slate-50 object-cover"
                            />
                          </a>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {!line.damaged_reason && !line.missing_reason && !line.note && line.photos.length === 0 ? (
                    <span className="text-slate-400">—</span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </li>
  );
}
