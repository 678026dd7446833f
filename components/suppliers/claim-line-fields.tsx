import { TextField } from "@/components/ui/field";

/**
 * A claim line's units and unit cost, as the edit and the add-a-line dialogs ask for them: named `quantity`
 * and `unit_cost` for the form's FormData, each with its field error.
 */
export function ClaimLineAmountFields({
  formId,
  errors,
  currency,
  quantity,
  unitCost,
  autoFocusQuantity = false,
}: {
  formId: string;
  errors: Record<string, string>;
  currency: string;
  quantity: { defaultValue: string; max?: number; hint?: string };
  unitCost: string;
  autoFocusQuantity?: boolean;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id={`${formId}-quantity`}
        name="quantity"
        label="Units claimed"
        type="number"
        inputMode="numeric"
        min={1}
        max={quantity.max}
        step={1}
        defaultValue={quantity.defaultValue}
        error={errors.quantity}
        hint={quantity.hint}
        data-autofocus={autoFocusQuantity || undefined}
        required
      />
      <TextField
        id={`${formId}-unit-cost`}
        name="unit_cost"
        label={`Unit cost (${currency})`}
        inputMode="decimal"
        defaultValue={unitCost}
        error={errors.unit_cost}
        hint="0 or more, at most 2 decimals."
        required
      />
    </div>
  );
}
