"use client";

import { TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { formatNumber } from "@/lib/client/format";
import type { ReceiptUnits } from "./pending-receipt";
import type { SaveOutcome } from "./pending-storage";

const SAVED_TEXT: Record<SaveOutcome, string> = {
  saved: "Kept on this device until the receipt is complete.",
  "saved-without-photos":
    "Counts kept on this device; the photos are too large to keep and are lost on a reload.",
  failed: "This browser cannot keep the counts: complete the receipt before leaving or reloading the page.",
};

/**
 * The bar under the lines: what the pending receipt holds, whether the device keeps it, and the two ways out
 * (discard, or review and complete). Sticky at the bottom, so "Review and complete" is always one tap away.
 */
export function ReceiveFooter({
  totals,
  lineCount,
  overExpected,
  saved,
  message,
  onDiscard,
  onReview,
}: {
  totals: ReceiptUnits;
  lineCount: number;
  /** Units this receipt would record beyond the lines' expected quantities. */
  overExpected: number;
  saved: SaveOutcome;
  /** Why the receipt cannot be reviewed yet, tied to the button. */
  message: string | null;
  onDiscard: () => void;
  onReview: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const empty = lineCount === 0;
  return (
    <div className="sticky bottom-0 z-10 -mx-1 mt-6 rounded-t-lg border border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-2px_8px_rgba(15,23,42,0.08)] backdrop-blur short:py-2">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 text-sm short:flex short:flex-wrap short:items-baseline short:gap-x-3">
          <p className="font-medium text-slate-900">
            This receipt: {formatNumber(totals.received)} into stock + {formatNumber(totals.damaged)} damaged
            + {formatNumber(totals.missing)} missing ={" "}
            {formatNumber(totals.received + totals.damaged + totals.missing)} units on{" "}
            {formatNumber(lineCount)} {lineCount === 1 ? "line" : "lines"}
          </p>
          {overExpected > 0 ? (
            <p className="flex items-center gap-1.5 font-semibold text-amber-800">
              <TriangleAlert aria-hidden="true" className="size-4" />
              {formatNumber(overExpected)} over expected
            </p>
          ) : null}
          <p className={saved === "saved" ? "text-slate-600" : "font-medium text-amber-800"}>
            {SAVED_TEXT[saved]}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Button variant="ghost" onClick={() => setConfirming(true)} disabled={empty}>
            Discard
          </Button>
          <Button
            variant="primary"
            className="h-11 px-5 text-base short:h-9"
            onClick={onReview}
            aria-describedby={message ? "receive-footer-message" : undefined}
          >
            Review and complete
          </Button>
        </div>
      </div>
      {message ? (
        <p id="receive-footer-message" role="alert" className="mt-2 text-sm font-medium text-red-700">
          {message}
        </p>
      ) : null}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Discard this receipt?"
        description="The counts, reasons and photos of this receipt are removed from this device. Nothing was sent yet."
        footer={
          <>
            <Button onClick={() => setConfirming(false)}>Keep it</Button>
            <Button
              variant="danger"
              onClick={() => {
                setConfirming(false);
                onDiscard();
              }}
            >
              Discard receipt
            </Button>
          </>
        }
      />
    </div>
  );
}
