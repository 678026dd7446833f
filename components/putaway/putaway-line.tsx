"use client";

import { CheckCircle2 } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { CameraScanButton } from "@/components/scanning/camera-scan-button";
import type { CodeIndex } from "@/components/scanning/code-index";
import type { ScanReply } from "@/components/scanning/scan-reply";
import { Button } from "@/components/ui/button";
import { FormError, TextField } from "@/components/ui/field";
import { ApiError, errorMessage } from "@/lib/client/api-client";
import { formatNumber } from "@/lib/client/format";
import { useMoveBinStock } from "@/lib/client/hooks/bins";
import { useMoveStockState } from "@/lib/client/hooks/dispositions";
import { usePutawaySuggestion } from "@/lib/client/hooks/putaway";
import type { StockState } from "@/lib/enums";
import type { PutawaySuggestion } from "@/lib/schemas/putaway";

export type PutawayLineInput = {
  lineId: string;
  inventoryItemId: string;
  title: string;
  sku: string | null;
  quantity: number;
  /** A non-sellable state's units (a return's disposition, docs/dispositions.md) stay in it; default sellable. */
  state?: StockState;
  /** Said under the title (the state, on the return page). */
  detail?: string;
};

const units = (n: number) => `${formatNumber(n)} ${n === 1 ? "unit" : "units"}`;

function suggestionText(suggestion: PutawaySuggestion | null | undefined): string {
  if (!suggestion?.bin) return "No suggestion: scan any bin, or leave the units unbinned.";
  if (suggestion.source === "last_bin")
    return `Suggested: ${suggestion.bin.code}, the last bin it went to here.`;
  const rule = suggestion.rule;
  return `Suggested: ${suggestion.bin.code}, in zone ${suggestion.bin.zone ?? rule?.zone} (${rule?.match_field === "tag" ? "tag" : "product type"} ${rule?.match_value}).`;
}

/**
 * One line to put away: its suggested bin, and a bin code field a scanner types into (code and Enter) with the
 * units to put there; putting part of them away leaves the rest for another bin (a split). Sellable units move
 * with a bin move from unbinned; a non-sellable state's with a stock state move inside that state.
 */
export function PutawayLine({
  storeId,
  locationId,
  line,
  index,
  idPrefix = "putaway",
  bins,
  onFinished,
}: {
  storeId: string;
  locationId: string;
  line: PutawayLineInput;
  index: number;
  idPrefix?: string;
  bins: CodeIndex & { codeOf: (binId: string) => string };
  onFinished: (index: number) => void;
}) {
  const suggestion = usePutawaySuggestion(storeId, line.inventoryItemId, locationId);
  const binMove = useMoveBinStock(storeId, line.inventoryItemId);
  const stateMove = useMoveStockState(storeId, line.inventoryItemId, { quiet: true });
  const held = line.state !== undefined && line.state !== "sellable" ? line.state : null;
  const move = held ? stateMove : binMove;
  const [placed, setPlaced] = useState<{ code: string; quantity: number }[]>([]);
  const remaining = line.quantity - placed.reduce((sum, p) => sum + p.quantity, 0);
  const [quantity, setQuantity] = useState(String(line.quantity));
  // The units to put away can shrink under the form (a correction of the receipt took some back): the field
  // never offers more than remain.
  useEffect(() => {
    setQuantity((typed) => (Number(typed) > remaining ? String(Math.max(remaining, 0)) : typed));
  }, [remaining]);
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = `${idPrefix}-bin-${index}`;

  const putAway = (scanned: string): ScanReply => {
    const count = Number(quantity);
    const found = bins.find(scanned.trim());
    if (!found) {
      const said = `No active bin here has the code ${JSON.stringify(scanned.trim())}.`;
      setProblem(said);
      return { tone: "error", text: said };
    }
    if (!Number.isInteger(count) || count < 1 || count > remaining) {
      const said = `Put between 1 and ${formatNumber(remaining)} units in a bin.`;
      setProblem(said);
      return { tone: "error", text: said };
    }
    const binCode = bins.codeOf(found.itemId);
    setProblem(null);
    const handlers = {
      onSuccess: () => {
        const left = remaining - count;
        setPlaced((current) => [...current, { code: binCode, quantity: count }]);
        setQuantity(String(left));
        setCode("");
        if (left === 0) onFinished(index);
      },
      onError: (error: Error) => setProblem(error instanceof ApiError ? error.message : errorMessage(error)),
    };
    const target = { location_id: locationId, from_bin_id: null, to_bin_id: found.itemId, quantity: count };
    if (held) stateMove.mutate({ ...target, from_state: held, to_state: held, note: "Putaway" }, handlers);
    else binMove.mutate({ ...target, note: "Putaway" }, handlers);
    return { tone: "success", text: `${units(count)} into ${binCode}.`, done: true };
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!move.isPending) putAway(code);
  };

  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid="putaway-line">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="font-medium text-slate-900">
          {line.title}
          {line.detail ? (
            <span className="ml-2 text-sm font-normal text-slate-600">{line.detail}</span>
          ) : null}
        </p>
        <p className="text-sm tabular-nums text-slate-600">
          {remaining === 0
            ? "All put away"
            : `${units(remaining)} of ${formatNumber(line.quantity)} to put away`}
        </p>
      </div>
      {placed.length > 0 ? (
        <p className="mt-1 flex items-center gap-1 text-sm text-emerald-800">
          <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
          {placed.map((p) => `${units(p.quantity)} in ${p.code}`).join(", ")}
        </p>
      ) : null}
      {remaining > 0 ? (
        <>
          <p className="mt-1 text-sm text-slate-700" aria-live="polite">
            {suggestion.isPending ? "Finding a bin…" : suggestionText(suggestion.data)}
          </p>
          <form
            onSubmit={submit}
            noValidate
            className="mt-2 grid gap-2 sm:grid-cols-[1fr_6rem_auto_auto] sm:items-end"
          >
            <TextField
              id={fieldId}
              label={`Bin for ${line.sku ?? line.title}`}
              value={code}
              autoComplete="off"
              placeholder={
                suggestion.data?.bin ? `Scan ${suggestion.data.bin.code}` : "Scan or type a bin code"
              }
              onChange={(event) => setCode(event.target.value)}
            />
            <TextField
              id={`${idPrefix}-quantity-${index}`}
              label="Units"
              type="number"
              inputMode="numeric"
              min={1}
              max={remaining}
              value={quantity}
              onChange={(event) => setQuantity(event.target.value)}
            />
            <Button type="submit" variant="primary" pending={move.isPending}>
              Put away
            </Button>
            <CameraScanButton
              iconOnly
              title={`Scan a bin for ${line.sku ?? line.title}`}
              description="Point the camera at the bin's label."
              onCode={putAway}
            />
          </form>
          <FormError message={problem} className="mt-2" />
        </>
      ) : null}
    </li>
  );
}
