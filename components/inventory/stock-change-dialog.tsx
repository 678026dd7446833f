"use client";

import { type FormEvent, useId, useState } from "react";
import { useStaff } from "@/components/app/staff-context";
import { Dialog, FormDialogFooter } from "@/components/ui/dialog";
import { describedBy, Field, Select, TextArea, TextInput } from "@/components/ui/field";
import { formatNumber } from "@/lib/client/format";
import { isStockFormError, type StockChange, useChangeStock } from "@/lib/client/hooks/inventory-movements";
import { useStoreLocations } from "@/lib/client/hooks/locations";
import type { InventoryMovementReason } from "@/lib/enums";
import type { InventoryItem } from "@/lib/schemas/inventory-items";
import { REASON_LABELS } from "./movement-labels";

/** Reasons a person picks by hand; `received` and `returned` come from receipts and processed returns. */
const MANUAL_REASONS: Record<StockChange["mode"], InventoryMovementReason[]> = {
  adjust: ["correction", "damaged", "received", "returned"],
  count: ["cycle_count", "correction"],
};

/** The server's message for a field of the (single) row, if it named one. */
function fieldError(error: unknown, ...fields: string[]): string | undefined {
  if (!isStockFormError(error)) return undefined;
  return error.errors.find((issue) => fields.some((field) => issue.path === `movements.0.${field}`))?.message;
}

/**
 * Adjust (add or remove units) or count (set the level to what is on the shelf) one item at one location.
 * The dialog shows the level before and after, so a typo in a count is seen before it is saved.
 */
export function StockChangeDialog({
  open,
  onClose,
  item,
  storeId,
  initialLocationId,
}: {
  open: boolean;
  onClose: () => void;
  item: InventoryItem;
  storeId: string;
  initialLocationId?: string;
}) {
  const formId = useId();
  const locations = useStoreLocations(storeId);
  const { user } = useStaff();
  const change = useChangeStock(storeId, item.id, {
    id: user.id,
    name: user.name,
    itemLabel: item.sku ?? item.id,
  });
  const [mode, setMode] = useState<StockChange["mode"]>("adjust");
  const [locationId, setLocationId] = useState(initialLocationId ?? item.locations[0]?.location_id ?? "");
  const [quantityText, setQuantityText] = useState("");
  const [reason, setReason] = useState<InventoryMovementReason>("correction");
  const [note, setNote] = useState("");
  const [localError, setLocalError] = useState<string | null>(null);

  const current = item.locations.find((l) => l.location_id === locationId)?.quantity ?? 0;
  const quantity = /^-?\d+$/.test(quantityText.trim()) ? Number(quantityText.trim()) : null;
  const after = quantity === null ? null : mode === "adjust" ? current + quantity : quantity;
  const quantityError =
    localError ??
    fieldError(change.error, "adjust_by", "set_to") ??
    (after !== null && after < 0
      ? `Only ${formatNumber(current)} on hand here; the level cannot go below zero.`
      : undefined);
  const locationError = fieldError(change.error, "location_id");

  const close = () => {
    if (change.isPending) return;
    change.reset();
    setQuantityText("");
    setNote("");
    setLocalError(null);
    onClose();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (quantity === null || (mode === "adjust" && quantity === 0) || (mode === "count" && quantity < 0)) {
      setLocalError(
        mode === "adjust"
          ? "Enter the units to add (e.g. 5) or remove (e.g. -2)."
          : "Enter the counted quantity, 0 or more.",
      );
      return;
    }
    if (after !== null && after < 0) return;
    setLocalError(null);
    change.mutate(
      { locationId, mode, quantity, reason, note: note.trim() || undefined },
      { onSuccess: () => close() },
    );
  };
  const switchMode = (next: StockChange["mode"]) => {
    setMode(next);
    setReason(next === "count" ? "cycle_count" : "correction");
    setLocalError(null);
    change.reset();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Change stock"
      description="Every change is kept in the item's stock history with your name and reason."
      footer={
        <FormDialogFooter formId={formId} pending={change.isPending} onCancel={close} holdCancel>
          {mode === "adjust" ? "Save adjustment" : "Save count"}
        </FormDialogFooter>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Change</legend>
          <div className="mt-1 grid grid-cols-2 gap-2">
            {(
              [
                ["adjust", "Add or remove units"],
                ["count", "Set a counted quantity"],
              ] as const
            ).map(([value, label]) => (
              <label
                key={value}
                className={`flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm ring-1 ring-inset ${mode === value ? "bg-indigo-50 text-indigo-900 ring-indigo-600" : "text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
              >
                <input
                  type="radio"
                  name="mode"
                  value={value}
                  checked={mode === value}
                  onChange={() => switchMode(value)}
                  className="accent-indigo-600"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <Field id="stock-location" label="Location" error={locationError}>
          <Select
            {...describedBy("stock-location", locationError)}
            value={locationId}
            onChange={(event) => setLocationId(event.target.value)}
            required
          >
            {(locations.data ?? []).map((location) => (
              <option key={location.id} value={location.id}>
                {location.name}
              </option>
            ))}
          </Select>
        </Field>
        <div className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-4">
          <Field
            id="stock-quantity"
            label={mode === "adjust" ? "Units to add (negative to remove)" : "Counted quantity"}
            error={quantityError}
          >
            <TextInput
              {...describedBy("stock-quantity", quantityError)}
              inputMode="numeric"
              autoFocus
              value={quantityText}
              onChange={(event) => {
                setQuantityText(event.target.value);
                setLocalError(null);
              }}
              placeholder={mode === "adjust" ? "e.g. -2" : "e.g. 40"}
            />
          </Field>
          <div className="pt-6 text-sm text-slate-700" aria-live="polite">
            <span className="tabular-nums">{formatNumber(current)}</span>
            <span aria-hidden="true"> → </span>
            <span className="sr-only"> on hand becomes </span>
            <span className="font-semibold tabular-nums text-slate-900">
              {after === null ? "…" : formatNumber(after)}
            </span>
          </div>
        </div>
        <Field id="stock-reason" label="Reason">
          <Select
            id="stock-reason"
            value={reason}
            onChange={(event) => setReason(event.target.value as InventoryMovementReason)}
          >
            {MANUAL_REASONS[mode].map((value) => (
              <option key={value} value={value}>
                {REASON_LABELS[value]}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id="stock-note"
          label="Note (optional)"
          hint="Shown in the history, e.g. “Crushed carton, bin A4”."
        >
          <TextArea
            {...describedBy("stock-note", null, "hint")}
            rows={2}
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </Field>
      </form>
    </Dialog>
  );
}
