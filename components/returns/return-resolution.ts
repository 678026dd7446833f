import { formatMoney } from "@/lib/client/format";
import type { Return } from "@/lib/schemas/returns";

/** One way a return is settled, as the list shows it: "Refund $24.00", "Exchange". */
export type ResolutionPart = { label: string; amount: string | null };

const LABELS = { refund: "Refund", store_credit: "Store credit", exchange: "Exchange" } as const;

/**
 * How the customer is made whole, by method, in the order the return declares them. A refund or store
 * credit carries its total; an exchange carries the new items' value only when it has one (an even swap
 * shows just "Exchange", never a "$0.00" that reads as "nothing given"). A return with no method settles
 * with nothing owed ("No resolution").
 */
export function describeResolution(ret: Pick<Return, "compensationMethods" | "totals">): ResolutionPart[] {
  const total = {
    refund: ret.totals.refund.amount,
    store_credit: ret.totals.storeCredit.amount,
    exchange: ret.totals.exchange.amount,
  };
  return ret.compensationMethods.map((method) => {
    const money = total[method];
    const hasValue = Number(money.amount) !== 0;
    return { label: LABELS[method], amount: method === "exchange" && !hasValue ? null : formatMoney(money) };
  });
}
