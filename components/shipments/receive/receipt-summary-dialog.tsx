"use client";

import { TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { ColumnHeadings } from "@/components/ui/column-headings";
import { Dialog } from "@/components/ui/dialog";
import { describedBy, Field, TextArea, TextInput } from "@/components/ui/field";
import { formatNumber } from "@/lib/client/format";
import type { PendingAction, PendingReceipt } from "./pending-receipt";
import { type ReceiptProblems, type ShipmentLine, summarizeReceipt } from "./receipt-body";

const headingPadding = "px-2 py-2";
const num = "px-2 py-2 text-right tabular-nums";

/**
 * The last look before "Complete receipt": per line the units to receive, damaged and missing, and how the line
 * and the shipment will stand; where the units go (bin) and a note. Nothing is sent before this.
 */
export function ReceiptSummaryDialog({
  open,
  onClose,
  onComplete,
  pending,
  items,
  problems,
  submitting,
  dispatch,
}: {
  open: boolean;
  onClose: () => void;
  onComplete: () => void;
  pending: PendingReceipt;
  items: readonly ShipmentLine[];
  problems: ReceiptProblems["receipt"];
  submitting: boolean;
  dispatch: (action: PendingAction) => void;
}) {
  const { rows, totals, overExpected, shipmentAfter } = summarizeReceipt(pending, items);
  const general = problems.other ?? problems.lines;
  // Units above the expected quantity are recorded only once staff say so here: an over-scan is as often a
  // double scan as a supplier's extra units.
  const [overConfirmed, setOverConfirmed] = useState(false);
  const [overUnconfirmed, setOverUnconfirmed] = useState(false);
  const overKey = rows.map((row) => `${row.item.id}:${row.addsOver}`).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new count asks again.
  useEffect(() => {
    setOverConfirmed(false);
    setOverUnconfirmed(false);
  }, [overKey, open]);
  const completeChecked = () => {
    if (overExpected > 0 && !overConfirmed) {
      setOverUnconfirmed(true);
      document.getElementById("receipt-confirm-over")?.focus();
      return;
    }
    onComplete();
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Complete receipt"
      size="lg"
      description={`${formatNumber(totals.received)} into stock + ${formatNumber(totals.damaged)} damaged + ${formatNumber(totals.missing)} missing = ${formatNumber(totals.received + totals.damaged + totals.missing)} units dealt with, on ${formatNumber(rows.length)} ${rows.length === 1 ? "line" : "lines"}.`}
      footer={
        <>
          <Button onClick={onClose}>Keep scanning</Button>
          <Button variant="primary" onClick={completeChecked} pending={submitting}>
            Complete receipt
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {general ? (
          <p
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {general}
          </p>
        ) : null}
        {overExpected > 0 ? (
          <div className="rounded-md border-2 border-amber-400 bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
            <p className="flex items-start gap-2 font-semibold">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
              {formatNumber(overExpected)} {overExpected === 1 ? "unit" : "units"} over expected on{" "}
              {rows
                .filter((row) => row.addsOver > 0)
                .map(
                  (row) =>
                    `${row.item.product.sku ?? row.item.product.title} (${formatNumber(row.addsOver)})`,
                )
                .join(", ")}
              .
            </p>
            <label className="mt-2 flex items-start gap-2">
              <input
                id="receipt-confirm-over"
                type="checkbox"
                className="mt-0.5 size-5"
                checked={overConfirmed}
                aria-invalid={overUnconfirmed && !overConfirmed}
                aria-describedby={
                  overUnconfirmed && !overConfirmed ? "receipt-confirm-over-error" : undefined
                }
                onChange={(event) => setOverConfirmed(event.target.checked)}
              />
              <span>
                I checked: record {formatNumber(overExpected)} {overExpected === 1 ? "unit" : "units"} above
                the expected quantity
              </span>
            </label>
            {overUnconfirmed && !overConfirmed ? (
              <p id="receipt-confirm-over-error" role="alert" className="mt-1 font-medium text-red-700">
                Confirm the units over expected, or keep scanning and correct the count.
              </p>
            ) : null}
          </div>
        ) : null}
        <table className="w-full text-sm" aria-label="Units in this receipt">
          <ColumnHeadings
            rowClassName="border-b border-slate-200"
            cellClassName={headingPadding}
            columns={[
              { label: "Line" },
              { label: "Into stock", numeric: true },
              { label: "Damaged", numeric: true },
              { label: "Missing", numeric: true },
              { label: "Then" },
            ]}
          />
          <tbody>
            {rows.map(({ item, adding, after }) => (
              <tr key={item.id} className="border-b border-slate-100 align-top">
                <td className="px-2 py-2">
                  <div className="text-slate-900">{item.product.title}</div>
                  <div className="font-mono text-xs text-slate-600">{item.product.sku}</div>
                </td>
                <td className={num}>{formatNumber(adding.received)}</td>
                <td className={`${num} ${adding.damaged > 0 ? "text-red-700" : ""}`}>
                  {formatNumber(adding.damaged)}
                </td>
                <td className={`${num} ${adding.missing > 0 ? "text-amber-800" : ""}`}>
                  {formatNumber(adding.missing)}
                </td>
                <td
                  className={`px-2 py-2 ${after.state === "over" ? "font-semibold text-amber-800" : "text-slate-700"}`}
                >
                  {after.state === "over"
                    ? `${formatNumber(after.overage)} over expected`
                    : after.outstanding > 0
                      ? `${formatNumber(after.outstanding)} still to come`
                      : "Line complete"}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-medium text-slate-900">
              <th scope="row" className="px-2 py-2 text-left">
                Total
              </th>
              <td className={num}>{formatNumber(totals.received)}</td>
              <td className={num}>{formatNumber(totals.damaged)}</td>
              <td className={num}>{formatNumber(totals.missing)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
        <p className="text-sm text-slate-700">
          {shipmentAfter.outstanding > 0
            ? `After this receipt ${formatNumber(shipmentAfter.outstanding)} units of the shipment are still to come; it will be partially received.`
            : "After this receipt every expected unit is accounted for; the shipment will be received."}
          {pending.unknown.length > 0
            ? ` ${formatNumber(pending.unknown.length)} ${pending.unknown.length === 1 ? "code" : "codes"} not on this shipment stay listed and are not part of it.`
            : ""}
        </p>
        <div className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
          <Field id="receipt-bin" label="Bin or shelf (optional)" error={problems.bin}>
            <TextInput
              {...describedBy("receipt-bin", problems.bin)}
              // Focused on opening: a bin's label can be scanned straight into it.
              data-autofocus
              value={pending.bin}
              maxLength={100}
              placeholder="e.g. A-12"
              onChange={(event) =>
                dispatch({ type: "receiptField", field: "bin", value: event.target.value })
              }
            />
          </Field>
          <Field id="receipt-note" label="Note (optional)" error={problems.note}>
            <TextArea
              {...describedBy("receipt-note", problems.note)}
              rows={2}
              maxLength={2000}
              value={pending.note}
              onChange={(event) =>
                dispatch({ type: "receiptField", field: "note", value: event.target.value })
              }
            />
          </Field>
        </div>
      </div>
    </Dialog>
  );
}
