"use client";

import { ChevronDown, TriangleAlert } from "lucide-react";
import { memo, useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { formatNumber } from "@/lib/client/format";
import { itemCounts, lineProgress } from "../line-progress";
import { LineStateBadge, UnitsBar } from "../units-bar";
import { DiscrepancyFields } from "./discrepancy-fields";
import { LotFields } from "./lot-fields";
import { EMPTY_LINE, lineUnits, type PendingAction, type PendingLine } from "./pending-receipt";
import { addUnits, type LineField, type ShipmentLine } from "./receipt-body";
import { SerialFields } from "./serial-fields";
import { UnitStepper } from "./unit-stepper";

const TOGGLE =
  "inline-flex h-11 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600";

/** The element id of a line, for scrolling a scanned line into view. */
export const receiveLineId = (itemId: string) => `receive-line-${itemId}`;

/**
 * One shipment line in Receive mode: what was expected and already processed, this receipt's counted units
 * (every unit that arrived, damaged ones included) with − and +, a lot-tracked product's lot and expiry, and
 * (opened on demand, or when it has any) its damaged and missing units and its units' serial numbers. `flash` changes on
 * every scan of the line, which replays the highlight.
 */
export const ReceiveLine = memo(function ReceiveLine({
  item,
  pending,
  errors,
  flash,
  dispatch,
}: {
  item: ShipmentLine;
  pending: PendingLine | undefined;
  errors: Partial<Record<LineField, string>> | undefined;
  flash: number;
  dispatch: (action: PendingAction) => void;
}) {
  const line = pending ?? EMPTY_LINE;
  const problems = errors ?? {};
  const discrepancyError = Boolean(
    problems.damaged ||
      problems.damaged_reason ||
      problems.missing ||
      problems.missing_reason ||
      problems.note ||
      problems.photos,
  );
  // Open from the start when the line already has damaged or missing units (a restored receipt).
  const [open, setOpen] = useState(
    () => line.damaged > 0 || line.missing > 0 || line.photos.length > 0 || line.note !== "",
  );
  const [serialsOpen, setSerialsOpen] = useState(() => line.serials.length > 0);
  // An error in the damaged or missing fields (or the serials) opens them, so it is seen; they can be closed after.
  useEffect(() => {
    if (discrepancyError) setOpen(true);
  }, [discrepancyError]);
  useEffect(() => {
    if (problems.serials) setSerialsOpen(true);
  }, [problems.serials]);
  const before = itemCounts(item);
  const adding = lineUnits(line);
  const after = lineProgress(addUnits(before, adding));
  const over = after.state === "over";
  const base = `line-${item.id}`;
  const title = item.product.title;

  return (
    <li
      id={receiveLineId(item.id)}
      // Scrolled into view clear of the sticky scan panel and footer; isolate keeps the flash under the text.
      className={`relative isolate scroll-mt-72 scroll-mb-32 short:scroll-mt-56 short:scroll-mb-20 rounded-lg border bg-white p-4 shadow-sm ${over ? "border-amber-500 ring-2 ring-amber-400" : "border-slate-200"}`}
    >
      {/* Keyed by the scan count, so each scan of this line plays the highlight again. */}
      {flash > 0 ? (
        <span
          key={flash}
          aria-hidden="true"
          className="absolute inset-0 -z-10 animate-scan-flash rounded-lg"
        />
      ) : null}
      <div>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="font-medium text-slate-900">{title}</h3>
            <p className="flex flex-wrap gap-x-3 font-mono text-xs text-slate-600">
              <span>{item.product.sku ?? "No SKU"}</span>
              {item.product.upc ? <span>UPC {item.product.upc}</span> : null}
            </p>
            <p className="mt-1 text-sm text-slate-700">
              Expected {formatNumber(item.quantity)} · before this receipt {formatNumber(before.received)}{" "}
              received
              {before.damaged > 0 ? `, ${formatNumber(before.damaged)} damaged` : ""}
              {before.missing > 0 ? `, ${formatNumber(before.missing)} missing` : ""}
            </p>
          </div>
          <div className="w-40 shrink-0">
            <UnitsBar progress={after} />
            <div className="mt-1.5 text-right">
              <LineStateBadge progress={after} />
            </div>
          </div>
        </div>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <span className="text-sm font-medium text-slate-800" aria-hidden="true">
              Counted now
            </span>
            <UnitStepper
              id={`${base}-received`}
              label={`Counted units of ${title}`}
              value={line.counted}
              error={problems.received ?? problems.line}
              onChange={(value) => dispatch({ type: "set", itemId: item.id, field: "counted", value })}
            />
            {line.damaged > 0 ? (
              <span className="text-sm text-slate-700">
                {formatNumber(adding.received)} into stock, {formatNumber(adding.damaged)} damaged
              </span>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              aria-expanded={open}
              aria-controls={`${base}-discrepancy`}
              onClick={() => setOpen((value) => !value)}
              className={TOGGLE}
            >
              Damaged or missing<span className="sr-only"> units of {title}</span>
              {line.damaged + line.missing > 0 ? (
                <Badge tone="red">{formatNumber(line.damaged + line.missing)}</Badge>
              ) : null}
              <ChevronDown
                aria-hidden="true"
                className={`size-4 transition-transform ${open ? "rotate-180" : ""}`}
              />
            </button>
            <button
              type="button"
              aria-expanded={serialsOpen}
              aria-controls={`${base}-serial-fields`}
              onClick={() => setSerialsOpen((value) => !value)}
              className={TOGGLE}
            >
              Serials<span className="sr-only"> of {title}</span>
              {line.serials.length > 0 ? (
                <Badge tone="gray">{formatNumber(line.serials.length)}</Badge>
              ) : null}
              <ChevronDown
                aria-hidden="true"
                className={`size-4 transition-transform ${serialsOpen ? "rotate-180" : ""}`}
              />
            </button>
          </div>
        </div>
        <div id={`${base}-serial-fields`} hidden={!serialsOpen}>
          {serialsOpen ? (
            <SerialFields
              itemId={item.id}
              title={title}
              line={line}
              intoStock={adding.received}
              errors={problems}
              dispatch={dispatch}
            />
          ) : null}
        </div>
        {item.product.tracks_lots ? (
          <LotFields itemId={item.id} title={title} line={line} errors={problems} dispatch={dispatch} />
        ) : null}
        {over ? (
          <p className="mt-3 flex items-start gap-2 rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
            {formatNumber(after.overage)} over expected: check the count before completing; the receipt asks
            you to confirm.
          </p>
        ) : null}
        {(problems.received ?? problems.line) ? (
          <p id={`${base}-received-error`} className="mt-1 text-sm text-red-700">
            {problems.received ?? problems.line}
          </p>
        ) : null}
      </div>
      <div id={`${base}-discrepancy`} hidden={!open} className="mt-4">
        {open ? (
          <DiscrepancyFields
            itemId={item.id}
            title={title}
            line={line}
            errors={problems}
            dispatch={dispatch}
          />
        ) : null}
      </div>
    </li>
  );
});
