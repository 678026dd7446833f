"use client";

import { formatMoney } from "@/lib/client/format";
import type { ApiOrder } from "@/lib/schemas/order-api";
import { type LineChoice, unitCredit } from "./return-lines-editor";

/** What the return will credit, by method, as the staff member chooses units: checked before creating. */
export function CreditSummary({ order, choices }: { order: ApiOrder; choices: Record<string, LineChoice> }) {
  const currency = order.currencyCode ?? "USD";
  let units = 0;
  const totals = { refund: 0, store_credit: 0 };
  for (const line of order.lineItems) {
    const choice = choices[line.lineItemId];
    const quantity = Number(choice?.quantity ?? 0);
    if (!choice || quantity === 0) continue;
    units += quantity;
    totals[choice.compensation === "store_credit" ? "store_credit" : "refund"] += unitCredit(line) * quantity;
  }
  const money = (amount: number) => formatMoney({ amount: amount.toFixed(2), currency });
  const parts = [
    totals.refund > 0 ? `${money(totals.refund)} refund` : null,
    totals.store_credit > 0 ? `${money(totals.store_credit)} store credit` : null,
  ].filter(Boolean);
  return (
    <p className="mt-3 border-t border-slate-100 pt-3 text-sm text-slate-700" aria-live="polite">
      {units === 0
        ? "No units chosen yet."
        : `${units} ${units === 1 ? "unit" : "units"} · ${parts.join(" and ") || money(0)}`}
    </p>
  );
}
