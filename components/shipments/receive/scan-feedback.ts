import { formatNumber } from "@/lib/client/format";
import type { InboundShipmentDetail } from "@/lib/schemas/inbound-shipments";
import { itemCounts, lineProgress } from "../line-progress";
import { lineUnits, type PendingReceipt, pendingReducer } from "./pending-receipt";
import { addUnits } from "./receipt-body";
import type { ScanFeedback } from "./scan-panel";

const NO_UNITS = { received: 0, damaged: 0, missing: 0 };

/**
 * What Receive mode says after a scan added `quantity` units of `item` to the pending receipt `state` (as it
 * was before the scan): how many are counted now, and, loudly, any units over the expected quantity.
 */
export function addedUnitsFeedback(
  state: PendingReceipt,
  item: InboundShipmentDetail["items"][number],
  quantity: number,
  code: string,
): ScanFeedback {
  const line = pendingReducer(state, {
    type: "add",
    itemId: item.id,
    field: "counted",
    delta: quantity,
  }).lines[item.id];
  const now = line?.counted ?? 0;
  const after = lineProgress(addUnits(itemCounts(item), line ? lineUnits(line) : NO_UNITS));
  const scanned = `+${formatNumber(quantity)} ${item.product.title} (${item.product.sku ?? code}): ${formatNumber(now)} counted now`;
  // Over the expected quantity is loud: a warning, not a success, and the line asks for a look.
  return after.overage > 0
    ? {
        tone: "warning",
        text: `${scanned}. ${formatNumber(after.overage)} over expected (${formatNumber(item.quantity)} expected): check the count; completing asks you to confirm.`,
      }
    : {
        tone: "success",
        text: `${scanned}, ${formatNumber(item.quantity - after.outstanding)} of ${formatNumber(item.quantity)} expected dealt with.`,
      };
}
