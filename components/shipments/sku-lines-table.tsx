"use client";

import { Trash2 } from "lucide-react";
import { ColumnHeadings } from "@/components/ui/column-headings";
import { describedBy, FieldError, TextInput } from "@/components/ui/field";

/** A line being written: the product picked with the SKU picker, and its units as typed. */
export type SkuLine = { sku: string; title: string; quantity: string };

/** An optional money column beside the units (a new shipment's unit cost from the supplier). */
export type CostColumn = {
  /** The heading, also naming each field ("Unit cost (USD)" of TEE-M). */
  label: string;
  valueOf: (index: number) => string;
  errorOf: (index: number) => string | undefined;
  onChange: (index: number, value: string) => void;
};

/**
 * The lines of a form that lists products by SKU with a number of units each (a new shipment's expected units,
 * a new transfer's units to move): product, units, an optional cost, remove. The form keeps the lines and their
 * errors; this draws them, each error under its product and tied to its field.
 */
export function SkuLinesTable({
  label,
  unitsLabel,
  idPrefix,
  lines,
  errorOf,
  onQuantity,
  onRemove,
  cost,
}: {
  /** The table's accessible name ("Shipment lines"). */
  label: string;
  /** The units column's heading, also naming each field ("Expected units" of TEE-M). */
  unitsLabel: string;
  idPrefix: string;
  lines: readonly SkuLine[];
  errorOf: (index: number) => string | undefined;
  onQuantity: (index: number, quantity: string) => void;
  onRemove: (index: number) => void;
  cost?: CostColumn;
}) {
  return (
    <table className="w-full text-sm" aria-label={label}>
      <ColumnHeadings
        cellClassName="py-2 pr-3"
        columns={[
          { label: "Product" },
          { label: unitsLabel, className: "w-28" },
          ...(cost ? [{ label: cost.label, className: "w-32" }] : []),
          { label: "Remove", srOnly: true, className: "w-10" },
        ]}
      />
      <tbody>
        {lines.map((line, index) => {
          const id = `${idPrefix}-${index}-quantity`;
          const error = errorOf(index);
          const costId = `${idPrefix}-${index}-unit_cost`;
          const costError = cost?.errorOf(index);
          return (
            <tr key={line.sku} className="border-t border-slate-100 align-top">
              <td className="py-2 pr-3">
                <span className="block font-medium text-slate-900">{line.title}</span>
                <span className="font-mono text-xs text-slate-600">{line.sku}</span>
                <FieldError id={id} error={error} />
                {cost ? <FieldError id={costId} error={costError} /> : null}
              </td>
              <td className="py-2 pr-3">
                <TextInput
                  {...describedBy(id, error)}
                  aria-label={`${unitsLabel} of ${line.sku}`}
                  inputMode="numeric"
                  value={line.quantity}
                  onChange={(event) => onQuantity(index, event.target.value)}
                />
              </td>
              {cost ? (
                <td className="py-2 pr-3">
                  <TextInput
                    {...describedBy(costId, costError)}
                    aria-label={`${cost.label} of ${line.sku}`}
                    inputMode="decimal"
                    placeholder="Optional"
                    value={cost.valueOf(index)}
                    onChange={(event) => cost.onChange(index, event.target.value)}
                  />
                </td>
              ) : null}
              <td className="py-2">
                <button
                  type="button"
                  onClick={() => onRemove(index)}
                  className="rounded p-2 text-slate-500 hover:bg-slate-100 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  <span className="sr-only">Remove {line.sku}</span>
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
