"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useStaff } from "@/components/app/staff-context";
import { buildCodeIndex } from "@/components/scanning/code-index";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError, errorMessage } from "@/lib/client/api-client";
import { formatNumber, humanize } from "@/lib/client/format";
import { useCreateInboundReceipt } from "@/lib/client/hooks/receipts";
import { toast } from "@/lib/client/toast";
import type { InboundShipmentDetail } from "@/lib/schemas/inbound-shipments";
import { shipmentLabel } from "../shipment-columns";
import { focusFirstInvalid, scrollToLine } from "./line-focus";
import { newIdempotencyKey, type PendingAction, pendingTotals } from "./pending-receipt";
import {
  buildReceiptBody,
  checkPending,
  keyAfterFailure,
  placeServerIssues,
  type ReceiptProblems,
  summarizeReceipt,
} from "./receipt-body";
import { ReceiptSummaryDialog } from "./receipt-summary-dialog";
import { ReceiveFooter } from "./receive-footer";
import { ReceiveLine } from "./receive-line";
import { interpretScan } from "./scan";
import { addedUnitsFeedback } from "./scan-feedback";
import { type ScanFeedback, ScanPanel } from "./scan-panel";
import { UnknownScans } from "./unknown-scans";
import { usePendingReceipt } from "./use-pending-receipt";

const NO_PROBLEMS: ReceiptProblems = { lines: {}, receipt: {} };

/**
 * Receive mode's working state: scans and edits go into the pending receipt (kept on the device), the summary
 * sends it once with its Idempotency-Key, and the API's errors come back onto the lines they name.
 */
export function ReceiveWorkspace({
  shipment,
  storeId,
}: {
  shipment: InboundShipmentDetail;
  storeId: string;
}) {
  const router = useRouter();
  const items = shipment.items;
  const lineIds = useMemo(() => items.map((item) => item.id), [items]);
  const pending = usePendingReceipt(storeId, shipment.id, lineIds);
  const { state, loaded, restored, startOver } = pending;
  const index = useMemo(
    () =>
      buildCodeIndex(items.map((item) => ({ id: item.id, sku: item.product.sku, upc: item.product.upc }))),
    [items],
  );
  const [armed, setArmed] = useState<number | null>(null);
  const [feedback, setFeedback] = useState<ScanFeedback | null>(null);
  const [flashes, setFlashes] = useState<Record<string, number>>({});
  const [problems, setProblems] = useState<ReceiptProblems>(NO_PROBLEMS);
  const [reviewing, setReviewing] = useState(false);
  const create = useCreateInboundReceipt(storeId, shipment.id);
  const { user } = useStaff();
  const totals = pendingTotals(state);
  const countedLines = Object.values(state.lines).filter((l) => l.counted + l.missing > 0).length;
  const { overExpected } = useMemo(() => summarizeReceipt(state, items), [state, items]);

  useEffect(() => {
    if (restored > 0) {
      setFeedback({
        tone: "info",
        text: `Restored ${formatNumber(restored)} pending units kept on this device.`,
      });
    }
  }, [restored]);

  /** Every change of a line clears that line's errors: they were about the old values. */
  const dispatch = pending.dispatch;
  const change = useCallback(
    (action: PendingAction) => {
      dispatch(action);
      if ("itemId" in action) {
        setProblems((current) => {
          if (!current.lines[action.itemId] && !current.receipt.lines) return current;
          const { [action.itemId]: _cleared, ...lines } = current.lines;
          const { lines: _nothingCounted, ...receipt } = current.receipt;
          return { lines, receipt };
        });
      }
    },
    [dispatch],
  );

  const onScan = (text: string): ScanFeedback | undefined => {
    // Shown in the scan panel, and in the camera's dialog when the camera read the code.
    const say = (said: ScanFeedback) => {
      setFeedback(said);
      return said;
    };
    const result = interpretScan(text, index, armed);
    if (result.kind === "empty") return undefined;
    if (result.kind === "invalid") {
      return say({ tone: "error", text: result.message });
    }
    if (result.kind === "quantity") {
      setArmed(result.quantity);
      return say({
        tone: "info",
        text: `Carton of ${formatNumber(result.quantity)}: now scan its barcode.`,
      });
    }
    setArmed(null);
    if (result.kind === "unknown") {
      change({ type: "unknown", code: result.code, quantity: result.quantity, at: new Date().toISOString() });
      return say({
        tone: "warning",
        text: `${result.code} is not on this shipment. Kept under “Not on this shipment”; set the unit aside.`,
      });
    }
    const item = items.find((candidate) => candidate.id === result.itemId);
    if (!item) return undefined;
    change({ type: "add", itemId: item.id, field: "counted", delta: result.quantity });
    setFlashes((current) => ({ ...current, [item.id]: (current[item.id] ?? 0) + 1 }));
    scrollToLine(item.id);
    return say(addedUnitsFeedback(state, item, result.quantity, result.code));
  };

  const review = () => {
    const found = checkPending(state, items);
    setProblems(found);
    const lineCount = Object.keys(found.lines).length;
    if (lineCount > 0) {
      focusFirstInvalid();
      return;
    }
    if (!found.receipt.lines) setReviewing(true);
  };

  const complete = () => {
    const { receipt, itemIds } = buildReceiptBody(state, items);
    const counted = totals.received + totals.damaged;
    create.mutate(
      {
        receipt,
        idempotencyKey: state.idempotencyKey,
        summary: `Receipt of ${formatNumber(counted)} ${counted === 1 ? "unit" : "units"} for shipment ${shipmentLabel(shipment)}`,
        queuedBy: { id: user.id, name: user.name },
      },
      {
        onSuccess: (outcome) => {
          setReviewing(false);
          startOver(true);
          if (outcome.queued) {
            // Offline (or the answer was lost): the receipt moved from the pending scans into the queue.
            setFeedback({
              tone: "info",
              text: `Receipt of ${formatNumber(counted)} ${counted === 1 ? "unit" : "units"} kept on this device: it is sent when the network returns (see “waiting to send” at the top). Keep scanning for a new receipt.`,
            });
            return;
          }
          const { receipt: recorded, inbound_shipment: after } = outcome;
          const counts = recorded.lines.reduce(
            (sum, line) => ({
              received: sum.received + line.received,
              other: sum.other + line.damaged + line.missing,
            }),
            { received: 0, other: 0 },
          );
          toast.success(`Receipt recorded: ${formatNumber(counts.received)} units into stock`, {
            description: `${counts.other > 0 ? `${formatNumber(counts.other)} damaged or missing. ` : ""}Shipment ${shipmentLabel(after)} is now ${humanize(after.status).toLowerCase()}.`,
          });
          router.push(
            `/stores/${storeId}/shipments/${shipment.id}?receipt=${encodeURIComponent(recorded.id)}`,
          );
        },
        onError: (error) => {
          const policy = keyAfterFailure(error);
          // After a definitive refusal the key's answer is stored: the corrected receipt needs a key of its own.
          if (policy !== "keep") change({ type: "renewKey", key: newIdempotencyKey() });
          const placed = placeServerIssues(error instanceof ApiError ? error.errors : [], itemIds);
          if (policy === "reused") {
            placed.receipt.other =
              "An earlier attempt of this receipt reached the server with other counts. Check the shipment's receipts: if it is there, discard these counts; if not, complete the receipt again.";
          } else if (Object.keys(placed.lines).length === 0 && Object.keys(placed.receipt).length === 0) {
            placed.receipt.other =
              policy === "keep"
                ? `${errorMessage(error)} Your counts are kept: complete the receipt again to retry; it cannot be received twice.`
                : errorMessage(error);
          }
          setProblems(placed);
          if (Object.keys(placed.lines).length > 0) {
            setReviewing(false);
            focusFirstInvalid();
          }
          toast.error("The receipt was not recorded", {
            description: placed.receipt.other ?? errorMessage(error),
          });
        },
      },
    );
  };

  const lineProblemCount = Object.keys(problems.lines).length;
  const footerMessage =
    lineProblemCount > 0
      ? `${formatNumber(lineProblemCount)} ${lineProblemCount === 1 ? "line needs" : "lines need"} attention: see the messages on ${lineProblemCount === 1 ? "it" : "them"}.`
      : (problems.receipt.lines ?? null);

  return (
    <>
      <ScanPanel
        feedback={feedback}
        armed={armed}
        onScan={onScan}
        onDisarm={() => setArmed(null)}
        captureKeys={!reviewing}
      />
      <div className="mt-4 grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
        <div className="lg:col-start-2 lg:row-start-1">
          <UnknownScans
            scans={state.unknown}
            onDismiss={(code) => change({ type: "dismissUnknown", code })}
          />
        </div>
        <section aria-labelledby="receive-lines-title" className="min-w-0 lg:col-start-1 lg:row-start-1">
          <h2 id="receive-lines-title" className="mb-2 text-sm font-semibold text-slate-900">
            Lines ({formatNumber(items.length)})
          </h2>
          {loaded ? (
            <ol id="receive-lines" className="space-y-3">
              {items.map((item) => (
                <ReceiveLine
                  key={item.id}
                  item={item}
                  pending={state.lines[item.id]}
                  errors={problems.lines[item.id]}
                  flash={flashes[item.id] ?? 0}
                  dispatch={change}
                />
              ))}
            </ol>
          ) : (
            <div className="space-y-3" aria-busy="true">
              <span className="sr-only">Loading the lines…</span>
              <Skeleton className="h-32 w-full rounded-lg" />
              <Skeleton className="h-32 w-full rounded-lg" />
            </div>
          )}
        </section>
      </div>
      <ReceiveFooter
        totals={totals}
        lineCount={countedLines}
        overExpected={overExpected}
        saved={pending.saved}
        message={footerMessage}
        onDiscard={() => {
          startOver(true);
          setProblems(NO_PROBLEMS);
          setFeedback({ tone: "info", text: "The pending receipt was discarded." });
        }}
        onReview={review}
      />
      <ReceiptSummaryDialog
        open={reviewing}
        onClose={() => setReviewing(false)}
        onComplete={complete}
        pending={state}
        items={items}
        problems={problems.receipt}
        submitting={create.isPending}
        dispatch={change}
      />
    </>
  );
}
