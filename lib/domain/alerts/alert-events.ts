import type { Db } from "../../db";
import { recordEvents } from "../events/record";
import type { AlertOccasion } from "./deliver";
import { type RuleRow, toAlertRule } from "./rules";

/**
 * Records the `alert` webhook event of an occasion (an `updated` event of the rule), in the transaction that
 * moved the rule's state and enqueued its messages, after the rule's row lock was taken.
 */
export async function recordAlertEvent(
  tx: Db,
  rule: RuleRow,
  occasion: AlertOccasion,
  newRows: number | null,
): Promise<void> {
  await recordEvents(tx, {
    storeId: rule.storeId,
    topic: "alert",
    type: "updated",
    events: [
      {
        subject: { id: rule.id },
        payload: {
          alert: toAlertRule(rule),
          occasion: {
            state: occasion.state,
            subject: occasion.subject,
            count: occasion.count,
            newRows,
            link: occasion.link,
          },
        },
      },
    ],
  });
}
