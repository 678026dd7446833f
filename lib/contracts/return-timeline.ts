import { returnTimelineResponseSchema } from "../schemas/return-timeline";
import { AUTH, defineListContract, returnParams } from "./contract";

/**
 * The return's timeline: one feed per return of what happened, for staff and integrations
 * that want to explain a return. A Backroom extension, on the lifecycle operations' path style.
 */
export const getReturnTimeline = defineListContract({
  path: "/returns/{returnId}/timeline",
  operationId: "getReturnTimeline",
  resource: "return",
  summary: "Get return timeline",
  description:
    "Backroom extension: everything that happened to the return, oldest first: `created`, " +
    "`status_changed`, `approved`, `item_processed` (grade, outcome, restock location, adjustment, reject " +
    "reason), `identifiers_set` (old -> new per item), `comment`, `tag_added` / `tag_removed`, and " +
    "`webhook_delivery` (each attempt to deliver one of the return's events: delivered or failed, with " +
    "the receiver's status). Each entry has who (`actor`: staff, API secret, the system or the customer) " +
    "and when (`at`). Header paging.",
  tag: "Returns",
  params: returnParams,
  page: { description: "A page of the timeline.", schema: returnTimelineResponseSchema },
  errors: [400, ...AUTH, 404],
});
