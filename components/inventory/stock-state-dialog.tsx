"use client";

import { type FormEvent, useId, useState } from "react";
import { Dialog, FormDialogFooter } from "@/components/ui/dialog";
import { FormError, SelectField, TextField } from "@/components/ui/field";
import { ApiError } from "@/lib/client/api-client";
import { formatNumber } from "@/lib/client/format";
import { useLocationBins } from "@/lib/client/hooks/bins";
import { useMoveStockState, useWriteOffStockState } from "@/lib/client/hooks/dispositions";
import { STOCK_STATES, type StockState } from "@/lib/enums";
import { STOCK_STATE_LABELS } from "./movement-labels";
import type { StockStateSource } from "./stock-states-card";

const UNBINNED = "";
/** The "Into state" choice that takes the units off the books instead (POST …/stock-state-write-offs). */
const WRITE_OFF = "written_off";
type Destination = StockState | typeof WRITE_OFF;

/**
 * Changes a disposition later (docs/dispositions.md): moves units of one state at a location (from a bin or
 * unbinned) into another state, or into a bin of the same state. Recorded as two ledger rows with the staff
 * member as actor; sellable units leave from unbinned. Units of a non-sellable state can instead be written off
 * (disposed of, donated, sold off, shipped back): one ledger row out, with the note as the why.
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
  const writeOff = useWriteOffStockState(storeId, inventoryItemId);
  const [from, setFrom] = useState(UNBINNED);
  const [to, setTo] = useState<Destination>(source?.state === "sellable" ? "quarantine" : "sellable");
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
  const writingOff = to === WRITE_OFF;
  const pending = move.isPending || writeOff.isPending;
  const failed = writingOff ? writeOff.error : move.error;
  const serverError = failed instanceof ApiError ? failed : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const form = new FormData(event.currentTarget);
    const quantity = Number(String(form.get("quantity") ?? "").trim());
    if (!Number.isInteger(quantity) || quantity < 1) {
      setQuantityError(
        `Enter how many units ${writingOff ? "to write off" : "change state"} (a whole number from 1).`,
      );
      return;
    }
    setQuantityError(null);
    if (to === WRITE_OFF) {
      if (state === "sellable") return;
      const note = String(form.get("note") ?? "").trim();
      writeOff.mutate(
        {
          location_id: location.location_id,
          state,
          bin_id: from === UNBINNED ? null : from,
          quantity,
          ...(note ? { note } : {}),
        },
        { onSuccess: onClose },
      );
      return;
    }
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
      onClose={() => (pending ? undefined : onClose())}
      title={`Change ${STOCK_STATE_LABELS[state].toLowerCase()} units at ${location.location_name}`}
      description="Recorded in the stock history with your name. Only sellable units count in the stock level."
      footer={
        <FormDialogFooter formId={formId} pending={pending} onCancel={onClose} holdCancel>
          {writingOff ? "Write off" : "Change"}
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
          onChange={(event) => setTo(event.target.value as Destination)}
        >
          {STOCK_STATES.filter((candidate) => !(state === "sellable" && candidate === "sellable")).map(
            (candidate) => (
              <option key={candidate} value={candidate}>
                {STOCK_STATE_LABELS[candidate]}
                {candidate === state ? " (another bin)" : ""}
              </option>
            ),
          )}
          {state !== "sellable" ? <option value={WRITE_OFF}>Written off (leaves the books)</option> : null}
        </SelectField>
        {writingOff ? null : (
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
        )}
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
            quantityError ??
            serverError?.errors.find((issue) => /^(move|write_off)\.quantity$/.test(issue.path))?.message
          }
        />
        {writingOff ? (
          <TextField
            id="state-note"
            name="note"
            label="Why (optional)"
            maxLength={500}
            hint="Kept in the stock history: a disposal certificate, the charity, the liquidator's lot"
          />
        ) : null}
        <FormError message={serverError ? serverError.message : undefined} />
      </form>
    </Dialog>
  );
}
