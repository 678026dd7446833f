"use client";

import { Download, History } from "lucide-react";
import Link from "next/link";
import { useStoreTimeZone } from "@/components/app/staff-context";
import { labelCountWords, printedBy, printFormWords } from "@/components/labels/label-print-words";
import { receiptAnchor } from "@/components/shipments/receipt-history";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ColumnHeadings } from "@/components/ui/column-headings";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/lib/client/api-client";
import { operationUrl } from "@/lib/client/call-api";
import { formatDateTime, formatNumber } from "@/lib/client/format";
import { useItemMovements } from "@/lib/client/hooks/inventory-movements";
import { useWithLabelPrints } from "@/lib/client/hooks/labels";
import type { LabelPrint } from "@/lib/schemas/labels";
import { actorLabel, ReasonBadge, STOCK_STATE_LABELS } from "./movement-labels";

const headingPadding = "px-4 py-2.5";

/**
 * The item's ledger, newest first: every change with when, where, how much, why and who; its label prints among
 * them (docs/labels.md). The CSV export is the ledger alone.
 */
export function StockHistory({ storeId, inventoryItemId }: { storeId: string; inventoryItemId: string }) {
  const timeZone = useStoreTimeZone();
  const history = useWithLabelPrints(
    useItemMovements(storeId, inventoryItemId),
    (movement) => ({ at: movement.created_at, id: movement.id }),
    storeId,
    { type: "inventory_item", id: inventoryItemId },
  );
  return (
    <Card
      title="Stock history"
      description="Every change of this item's stock, newest first, and every print of its labels. Kept for as long as the item exists."
      bodyClassName="p-0"
      actions={
        <a
          href={operationUrl("exportInventoryMovements", {
            params: { storeId },
            query: { inventory_item_id: inventoryItemId },
          })}
          download
          className={buttonClasses("secondary", "sm")}
        >
          <Download aria-hidden="true" className="size-4" />
          Export CSV<span className="sr-only"> of this item's stock history</span>
        </a>
      }
    >
      {history.isPending ? (
        <div className="space-y-2 p-4" aria-busy="true">
          <span className="sr-only">Loading stock history…</span>
          <Skeleton className="h-6 w-full" />
          <Skeleton className="h-6 w-full" />
          <Skeleton className="h-6 w-2/3" />
        </div>
      ) : history.error ? (
        <ErrorState
          title="The history could not be loaded"
          message={errorMessage(history.error)}
          onRetry={() => void history.refetch()}
        />
      ) : history.entries.length === 0 ? (
        <EmptyState icon={<History className="size-6" />} title="No stock changes yet">
          Receipts, processed returns, counts and adjustments of this item will be listed here.
        </EmptyState>
      ) : (
        <>
          <ScrollRegion label="Stock history table">
            <table className="w-full text-sm" aria-label="Stock history">
              <ColumnHeadings
                className="bg-slate-50"
                cellClassName={headingPadding}
                columns={[
                  { label: "When" },
                  { label: "Location" },
                  { label: "Change", numeric: true },
                  { label: "After", numeric: true },
                  { label: "Reason" },
                  { label: "By" },
                ]}
              />
              <tbody>
                {history.entries.map((row) => {
                  if (row.kind === "print")
                    return <PrintRow key={row.key} print={row.print} timeZone={timeZone} />;
                  const movement = row.entry;
                  return (
                    <tr key={movement.id} className="border-t border-slate-100 align-top">
                      <td className="whitespace-nowrap px-4 py-2.5 text-slate-700">
                        {formatDateTime(movement.created_at, timeZone)}
                      </td>
                      <td className="min-w-40 px-4 py-2.5 text-slate-900">
                        {movement.location.name}
                        {/* A move's two rows say which bin each went out of or into (docs/bins.md). */}
                        {movement.reason === "moved" ? (
                          <span className="block text-xs text-slate-600">
                            {movement.bin ? (
                              <>
                                Bin <span className="font-mono">{movement.bin.code}</span>
                              </>
                            ) : (
                              "Unbinned"
                            )}
                          </span>
                        ) : null}
                      </td>
                      <td
                        className={`whitespace-nowrap px-4 py-2.5 text-right font-medium tabular-nums ${movement.quantity_delta > 0 ? "text-emerald-700" : "text-red-700"}`}
                      >
                        {movement.quantity_delta > 0 ? "+" : "−"}
                        {formatNumber(Math.abs(movement.quantity_delta))}
                      </td>
                      <td className="px-4 py-2.5 text-right tabular-nums text-slate-900">
                        {formatNumber(movement.quantity_after)}
                      </td>
                      <td className="px-4 py-2.5">
                        {/* An opening balance says so; its note only repeats it. */}
                        {movement.source.type === "opening_balance" ? (
                          <Badge tone="violet">Opening balance</Badge>
                        ) : (
                          <>
                            <ReasonBadge reason={movement.reason} />
                            {movement.stock_state !== "sellable" ? (
                              // A non-sellable state's row: its "level after" is that state's units here.
                              <span className="mt-1 block text-xs text-amber-800">
                                {STOCK_STATE_LABELS[movement.stock_state]}
                              </span>
                            ) : null}
                            {movement.source.type === "receipt" &&
                            movement.source.id &&
                            movement.source.inbound_shipment_id ? (
                              <Link
                                href={`/stores/${storeId}/shipments/${movement.source.inbound_shipment_id}#${receiptAnchor(movement.source.id)}`}
                                className="mt-1 block text-xs text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                              >
                                Receipt {movement.source.id}
                              </Link>
                            ) : null}
                            {movement.source.type === "transfer" && movement.source.id ? (
                              <Link
                                href={`/stores/${storeId}/transfers/${movement.source.id}`}
                                className="mt-1 block text-xs text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                              >
                                Open the transfer
                              </Link>
                            ) : null}
                            {movement.source.type === "return" && movement.source.id ? (
                              <Link
                                href={`/stores/${storeId}/returns/${movement.source.id}`}
                                className="mt-1 block text-xs text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                              >
                                Open the return
                              </Link>
                            ) : null}
                            {/* A restock's note only names the return item's internal id (for the API's
                              readers); the return page shows it under Details. */}
                            {movement.note && movement.source.type !== "return" ? (
                              <p className="mt-1 max-w-xs text-xs text-slate-600">{movement.note}</p>
                            ) : null}
                          </>
                        )}
                      </td>
                      <td className="whitespace-nowrap px-4 py-2.5 text-slate-700">
                        {actorLabel(movement.actor)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollRegion>
          {history.hasNextPage ? (
            <div className="border-t border-slate-100 px-4 py-3 text-center">
              <Button
                size="sm"
                onClick={() => void history.fetchNextPage()}
                pending={history.isFetchingNextPage}
              >
                Show older changes
              </Button>
            </div>
          ) : null}
        </>
      )}
    </Card>
  );
}

/** A print of the item's labels among its movements: no stock changed, so its numbers are dashes. */
function PrintRow({ print, timeZone }: { print: LabelPrint; timeZone: string }) {
  const none = <span className="text-slate-400">—</span>;
  return (
    <tr className="border-t border-slate-100 align-top">
      <td className="whitespace-nowrap px-4 py-2.5 text-slate-700">
        {formatDateTime(print.printed_at, timeZone)}
      </td>
      <td className="px-4 py-2.5">{none}</td>
      <td className="px-4 py-2.5 text-right">{none}</td>
      <td className="px-4 py-2.5 text-right">{none}</td>
      <td className="px-4 py-2.5">
        <Badge tone="gray">Labels printed</Badge>
        <p className="mt-1 text-xs text-slate-600">
          {labelCountWords(print.count)} · {printFormWords(print)}
        </p>
      </td>
      <td className="whitespace-nowrap px-4 py-2.5 text-slate-700">{printedBy(print.actor)}</td>
    </tr>
  );
}
