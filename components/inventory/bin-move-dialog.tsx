"use client";

import { type FormEvent, useId, useMemo, useState } from "react";
import { buildCodeIndex } from "@/components/scanning/code-index";
import { Dialog, FormDialogFooter } from "@/components/ui/dialog";
import { FormError, SelectField, TextField } from "@/components/ui/field";
import { ApiError } from "@/lib/client/api-client";
import { formatNumber } from "@/lib/client/format";
import { isBinFormError, useLocationBins, useMoveBinStock } from "@/lib/client/hooks/bins";
import type { BinStockLocation } from "./bin-stock-card";

const UNBINNED = "";

/**
 * Move units of one item inside one location: from a bin or unbinned, to a bin whose code is typed or
 * scanned (a scanner types the code and Enter, which submits), or to unbinned when left empty.
 */
export function BinMoveDialog({
  storeId,
  inventoryItemId,
  location,
  onClose,
}: {
  storeId: string;
  inventoryItemId: string;
  location: BinStockLocation | null;
  onClose: () => void;
}) {
  const formId = useId();
  const bins = useLocationBins(storeId, location?.location_id ?? null);
  const move = useMoveBinStock(storeId, inventoryItemId);
  const [from, setFrom] = useState(UNBINNED);
  // A scanned or typed code finds its bin as the scanning pages find their items: exactly, else in any case.
  const codes = useMemo(
    () =>
      buildCodeIndex(
        (bins.data ?? []).map((bin) => ({ id: bin.id, sku: bin.code, upc: null, identifiers: [bin.code] })),
      ),
    [bins.data],
  );
  const [localError, setLocalError] = useState<{ field: "to" | "quantity"; message: string } | null>(null);
  if (!location) return null;
  const available =
    from === UNBINNED ? location.unbinned : (location.bins.find((b) => b.bin_id === from)?.quantity ?? 0);
  const serverError = move.error instanceof ApiError && isBinFormError(move.error) ? move.error : null;
  const serverField = (field: string) =>
    serverError?.errors.find((issue) => issue.path === `move.${field}`)?.message;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (move.isPending) return;
    const data = new FormData(event.currentTarget);
    const quantity = Number(String(data.get("quantity") ?? "").trim());
    const code = String(data.get("to") ?? "").trim();
    if (!Number.isInteger(quantity) || quantity < 1) {
      setLocalError({ field: "quantity", message: "Enter how many units to move (a whole number from 1)." });
      return;
    }
    const found = code === "" ? null : codes.find(code);
    if (found === undefined) {
      setLocalError({
        field: "to",
        message: `No bin with the code ${JSON.stringify(code)} at ${location.location_name}.`,
      });
      return;
    }
    setLocalError(null);
    move.mutate(
      {
        location_id: location.location_id,
        from_bin_id: from === UNBINNED ? null : from,
        to_bin_id: found?.itemId ?? null,
        quantity,
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Dialog
      open
      onClose={() => (move.isPending ? undefined : onClose())}
      title={`Move units at ${location.location_name}`}
      description="Recorded in the stock history; the level does not change."
      footer={
        <FormDialogFooter formId={formId} pending={move.isPending} onCancel={onClose} holdCancel>
          Move
        </FormDialogFooter>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <SelectField
          id="move-from"
          label="From"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
        >
          <option value={UNBINNED}>Unbinned ({formatNumber(location.unbinned)})</option>
          {location.bins.map((bin) => (
            <option key={bin.bin_id} value={bin.bin_id}>
              {bin.code} ({formatNumber(bin.quantity)})
            </option>
          ))}
        </SelectField>
        <TextField
          id="move-quantity"
          name="quantity"
          label="Quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={available}
          required
          hint={`${formatNumber(available)} available`}
          error={localError?.field === "quantity" ? localError.message : serverField("quantity")}
        />
        <TextField
          id="move-to"
          name="to"
          label="To bin"
          autoComplete="off"
          list={`${formId}-bins`}
          placeholder="Type or scan the bin's code"
          hint="Leave empty to move the units to unbinned."
          error={localError?.field === "to" ? localError.message : serverField("to_bin_id")}
        />
        <datalist id={`${formId}-bins`}>
          {(bins.data ?? [])
            .filter((bin) => !bin.archived)
            .map((bin) => (
              <option key={bin.id} value={bin.code} />
            ))}
        </datalist>
        <FormError
          message={serverError && serverError.errors.length === 0 ? serverError.message : undefined}
        />
      </form>
    </Dialog>
  );
}
