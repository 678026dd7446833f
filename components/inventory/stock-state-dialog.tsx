"use client";

import { type FormEvent, useId, useState } from "react";
import { Dialog, FormDialogFooter } from "@/components/ui/dialog";
import { FormError, SelectField, TextField } from "@/components/ui/field";
import { ApiError } from "@/lib/client/api-client";
import { formatNumber } from "@/lib/client/format";
import { useLocationBins } from "@/lib/client/hooks/bins";
import { useMoveStockState } from "@/lib/client/hooks/dispositions";
import { STOCK_STATES, type StockState } from "@/lib/enums";
import { STOCK_STATE_LABELS } from "./movement-labels";
import type { StockStateSource } from "./stock-states-card";

const UNBINNED = "";

/**
 * Changes a disposition later (docs/dispositions.md): moves units of one state at a location (from a bin or
 * unbinned) into another state, or into a bin of the same state. Recorded as two ledger rows with the staff
 * member as actor; sellable units leave from unbinned.
 */
export function StockStateDialog({
  storeId,
  inventoryItemId,
  source,
  onClose,
}: {
  storeId: string;
  inventoryItemId: string;
  source: StockStateSource | null;
  onClose: () => void;
}) {
  const formId = useId();
  const bins = useLocationBins(storeId, source?.location.location_id ?? null);
  const move = useMoveStockState(storeId, inventoryItemId);
  const [from, setFrom] = useState(UNBINNED);
  const [to, setTo] = useState<StockState>(source?.state === "sellable" ? "quarantine" : "sellable");
  const [toBin, setToBin] = useState(UNBINNED);
  const [quantityError, setQuantityError] = useState<string | null>(null);
  if (!source) return null;
  const { location, state } = source;
  const held = location.states.find((s) => s.state === state);
  const places =
    state === "sellable"
      ? [{ id: UNBINNED, label: "Unbinned", quantity: null }]
      : [
          { id: UNBINNED, label: "Unbinned", quantity: held?.unbinned ?? 0 },
          ...(held?.bins ?? []).map((bin) => ({ id: bin.bin_id, label: bin.code, quantity: bin.quantity })),
        ];
  const available =
    state === "sellable" ? location.sellable : (places.find((p) => p.id === from)?.quantity ?? 0);
  const serverError = move.error instanceof ApiError ? move.error : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (move.isPending) return;
    const quantity = Number(String(new FormData(event.currentTarget).get("quantity") ?? "").trim());
    if (!Number.isInteger(quantity) || quantity < 1) {
      setQuantityError("Enter how many units change state (a whole number from 1).");
      return;
    }
    setQuantityError(null);
    move.mutate(
      {
        location_id: location.location_id,
        from_state: state,
        from_bin_id: from === UNBINNED ? null : from,
        to_state: to,
        to_bin_id: toBin === UNBINNED ? null : toBin,
        quantity,
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Dialog
      open
      onClose={() => (move.isPending ? undefined : onClose())}
      title={`Change ${STOCK_STATE_LABELS[state].toLowerCase()} units at ${location.location_name}`}
      description="Recorded in the stock history with your name. Only sellable units count in the stock level."
      footer={
        <FormDialogFooter formId={formId} pending={move.isPending} onCancel={onClose} holdCancel>
          Change
        </FormDialogFooter>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        {state !== "sellable" ? (
          <SelectField
            id="state-from"
            label="From"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
          >
            {places.map((place) => (
              <option key={place.id} value={place.id}>
                {place.label} ({formatNumber(place.quantity ?? 0)})
              </option>
            ))}
          </SelectField>
        ) : null}
        <SelectField
          id="state-to"
          label="Into state"
          value={to}
          onChange={(event) => setTo(event.target.value as StockState)}
        >
          {STOCK_STATES.filter((candidate) => !(state === "sellable" && candidate === "sellable")).map(
            (candidate) => (
              <option key={candidate} value={candidate}>
                {STOCK_STATE_LABELS[candidate]}
                {candidate === state ? " (another bin)" : ""}
              </option>
            ),
          )}
        </SelectField>
        <SelectField
          id="state-to-bin"
          label="Into bin"
          value={toBin}
          onChange={(event) => setToBin(event.target.value)}
        >
          <option value={UNBINNED}>Unbinned</option>
          {(bins.data ?? [])
            .filter((bin) => !bin.archived)
            .map((bin) => (
              <option key={bin.id} value={bin.id}>
                {bin.code}
                {bin.zone ? ` (${bin.zone})` : ""}
              </option>
            ))}
        </SelectField>
        <TextField
          id="state-quantity"
          name="quantity"
          label="Units"
          type="number"
          inputMode="numeric"
          min={1}
          max={available}
          defaultValue={available > 0 ? Math.min(available, 1) : undefined}
          required
          hint={
            state === "sellable"
              ? `${formatNumber(location.sellable)} sellable here; they leave from unbinned`
              : `${formatNumber(available)} available`
          }
          error={
            quantityError ?? serverError?.errors.find((issue) => issue.path === "move.quantity")?.message
          }
        />
        <FormError message={serverError ? serverError.message : undefined} />
      </form>
    </Dialog>
  );
}
