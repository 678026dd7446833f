"use client";

import { CircleHelp, X } from "lucide-react";
import { formatNumber } from "@/lib/client/format";
import type { UnknownScan } from "./pending-receipt";

/**
 * Codes that matched no line: a wrong label, another shipment's carton, a typo. They stay listed (and kept
 * with the pending receipt) until someone deals with them, and are never part of the receipt.
 */
export function UnknownScans({
  scans,
  onDismiss,
}: {
  scans: readonly UnknownScan[];
  onDismiss: (code: string) => void;
}) {
  return (
    <section
      aria-labelledby="unknown-scans-title"
      className={`rounded-lg border p-4 shadow-sm ${scans.length > 0 ? "border-amber-300 bg-amber-50" : "border-slate-200 bg-white"}`}
    >
      <h2 id="unknown-scans-title" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <CircleHelp aria-hidden="true" className="size-4 text-amber-700" />
        Not on this shipment
        {scans.length > 0 ? (
          <span className="font-normal text-slate-700">({formatNumber(scans.length)})</span>
        ) : null}
      </h2>
      {scans.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">
          Codes that match no line are kept here, so no unit is lost. Set them aside and tell the buyer.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">
            Not part of the receipt. Kept on this device until you dismiss them.
          </p>
          <ul className="mt-2 divide-y divide-amber-200" aria-label="Codes not on this shipment">
            {scans.map((scan) => (
              <li key={scan.code} className="flex items-center justify-between gap-2 py-1.5">
                <span className="min-w-0">
                  <span className="break-all font-mono text-sm text-slate-900">{scan.code}</span>
                  <span className="ml-2 text-sm text-slate-700">× {formatNumber(scan.quantity)}</span>
                </span>
                <button
                  type="button"
                  onClick={() => onDismiss(scan.code)}
                  className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-amber-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  <X aria-hidden="true" className="size-4" />
                  <span className="sr-only">Dismiss {scan.code}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
