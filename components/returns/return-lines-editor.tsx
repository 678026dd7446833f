"use client";

import { ColumnHeadings } from "@/components/ui/column-headings";
import { describedBy, FieldError, Select, TextInput } from "@/components/ui/field";
import { formatMoney } from "@/lib/client/format";
import { RETURN_REASONS, type ReturnType } from "@/lib/enums";
import type { ApiOrder } from "@/lib/schemas/order-api";

/** What staff entered for one order line; a line with quantity 0 is not returned. */
export type LineChoice = {
  quantity: string;
  reasonCode: string;
  otherReason: string;
  compensation: string;
  note: string;
};

export const OTHER_REASON = "OTHER";

export function emptyChoice(type: ReturnType): LineChoice {
  return {
    quantity: "0",
    reasonCode: RETURN_REASONS[type][0]?.code ?? OTHER_REASON,
    otherReason: "",
    compensation: "refund",
    note: "",
  };
}

/** A line's unit value after its share of the line discount, as the server credits it. */
export const unitCredit = (line: ApiOrder["lineItems"][number]) =>
  (line.price ?? 0) - (line.discount ?? 0) / line.quantity;

/** Units of the line that a new return may still take. */
export const unitsLeft = (line: ApiOrder["lineItems"][number]) => line.quantity - line.returnedQuantity;

/**
 * The order's lines, each with the units to return (0 to what is left), the reason, refund or store credit
 * and the customer's note. Errors arrive by the index of the request's item (`items.2.quantity`), so the
 * caller maps them to lines and passes them here by line id.
 */
export function ReturnLinesEditor({
  order,
  type,
  choices,
  errors,
  onChange,
}: {
  order: ApiOrder;
  type: ReturnType;
  choices: Record<string, LineChoice>;
  errors: Map<string, string>;
  onChange: (lineId: string, change: Partial<LineChoice>) => void;
}) {
  const currency = order.currencyCode ?? "USD";
  return (
    <table className="w-full text-sm" aria-label="Order lines">
      <ColumnHeadings
        cellClassName="py-2"
        columns={[
          { label: "Product" },
          { label: "Return", className: "w-24" },
          { label: "Reason and credit" },
        ]}
      />
      <tbody>
        {order.lineItems.map((line) => {
          const choice = choices[line.lineItemId] ?? emptyChoice(type);
          const left = unitsLeft(line);
          const id = `line-${line.lineItemId}`;
          const error = errors.get(line.lineItemId);
          const returning = Number(choice.quantity) > 0;
          return (
            <tr key={line.lineItemId} className="border-t border-slate-100 align-top">
              <td className="py-3 pr-3">
                <span className="block font-medium text-slate-900">{line.title}</span>
                {line.variantTitle && line.variantTitle !== "Default" ? (
                  <span className="block text-slate-700">{line.variantTitle}</span>
                ) : null}
                <span className="block text-xs text-slate-600">
                  {line.sku ? <span className="font-mono">{line.sku} · </span> : null}
                  {line.quantity} bought at {formatMoney({ amount: (line.price ?? 0).toFixed(2), currency })}
                  {line.returnedQuantity > 0 ? ` · ${line.returnedQuantity} already in returns` : ""}
                </span>
                <FieldError id={id} error={error} />
              </td>
              <td className="py-3 pr-3">
                <Select
                  {...describedBy(`${id}-quantity`, error)}
                  aria-label={`Units of ${line.title} to return`}
                  value={choice.quantity}
                  disabled={left === 0}
                  onChange={(event) => onChange(line.lineItemId, { quantity: event.target.value })}
                >
                  {Array.from({ length: left + 1 }, (_, n) => String(n)).map((units) => (
                    <option key={units} value={units}>
                      {units}
                    </option>
                  ))}
                </Select>
                {left === 0 ? <span className="mt-1 block text-xs text-slate-600">All returned</span> : null}
              </td>
              <td className="space-y-2 py-3">
                <Select
                  aria-label={`Reason for returning ${line.title}`}
                  value={choice.reasonCode}
                  disabled={!returning}
                  onChange={(event) => onChange(line.lineItemId, { reasonCode: event.target.value })}
                >
                  {RETURN_REASONS[type].map((reason) => (
                    <option key={reason.code} value={reason.code}>
                      {reason.label}
                    </option>
                  ))}
                  <option value={OTHER_REASON}>Other…</option>
                </Select>
                {returning && choice.reasonCode === OTHER_REASON ? (
                  <TextInput
                    aria-label={`Other reason for returning ${line.title}`}
                    placeholder="The customer's reason"
                    maxLength={255}
                    value={choice.otherReason}
                    onChange={(event) => onChange(line.lineItemId, { otherReason: event.target.value })}
                  />
                ) : null}
                <div className="grid gap-2 sm:grid-cols-2">
                  <Select
                    aria-label={`Credit for ${line.title}`}
                    value={choice.compensation}
                    disabled={!returning}
                    onChange={(event) => onChange(line.lineItemId, { compensation: event.target.value })}
                  >
                    <option value="refund">Refund</option>
                    <option value="store_credit">Store credit</option>
                  </Select>
                  <TextInput
                    aria-label={`Customer's note on ${line.title}`}
                    placeholder="Note (optional)"
                    maxLength={2000}
                    disabled={!returning}
                    value={choice.note}
                    onChange={(event) => onChange(line.lineItemId, { note: event.target.value })}
                  />
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
