import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "@/lib/client/api-client";
import { callApi } from "@/lib/client/call-api";
import { newWriteKey, sendOrQueue } from "@/lib/client/offline-queue/browser-queue";
import { fetchListPage, type ListPage } from "@/lib/client/paged-list";
import { queryKeys } from "@/lib/client/query-keys";
import { toast } from "@/lib/client/toast";
import type { ProcessReturnBody, ProcessReturnResponse } from "@/lib/schemas/return-lifecycle";
import type { ReturnTimelineEntry } from "@/lib/schemas/return-timeline";

/** Timeline entries per request: a few screens of history; "Show more" asks for the next ones. */
const TIMELINE_PAGE_SIZE = 25;

/** The return's timeline, oldest first, a page at a time (X-Page-Next). */
export function useReturnTimeline(returnId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.returns.timeline(returnId),
    queryFn: ({ pageParam, signal }) =>
      fetchListPage("getReturnTimeline", { returnId }, "entries", {
        pageSize: TIMELINE_PAGE_SIZE,
        cursor: pageParam,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ListPage<ReturnTimelineEntry>) => last.next ?? undefined,
  });
}

/** One step of the lifecycle the return page offers. */
export type ReturnAction =
  | { kind: "approve" }
  | { kind: "receive" }
  | { kind: "reject"; customerNotes: string }
  | { kind: "complete" }
  | { kind: "reopen" }
  | { kind: "delete" }
  | { kind: "process"; body: ProcessReturnBody }
  | { kind: "flag" }
  | { kind: "unflag" };

/** Who acts, and on what in words ("return for order #1001"): kept with a processing that waits offline. */
export type ReturnActor = { id: string; name: string; returnLabel: string };

/** What a sent action did: whether processing completed the return, or that it waits on the device. */
type ActionOutcome = boolean | "queued";

/** What the toast says once the action went through (the page's live region reads it out). */
function doneMessage(action: ReturnAction, complete: ActionOutcome): string {
  if (complete === "queued") {
    return "Processing kept on this device: it is sent when the network returns (see “waiting to send”)";
  }
  switch (action.kind) {
    case "approve":
      return "Return approved";
    case "receive":
      return "Return marked received: ready to process";
    case "reject":
      return "Return rejected; the customer's note is saved";
    case "complete":
      return "Return marked complete";
    case "reopen":
      return "Return reopened";
    case "delete":
      return "Return deleted";
    case "process":
      return complete ? "Return processed and complete" : "Items processed; others are still to process";
    case "flag":
      return "Return flagged";
    case "unflag":
      return "Flag removed";
  }
}

/** Sends one action; answers whether processing completed the return, or that it was queued. */
async function send(
  storeId: string,
  returnId: string,
  action: ReturnAction,
  actor: ReturnActor,
  onProcessed: (answer: ProcessReturnResponse) => void,
): Promise<ActionOutcome> {
  const params = { returnId };
  switch (action.kind) {
    case "approve":
      await callApi("approveReturn", { params, body: {} });
      return false;
    case "receive":
      await callApi("receiveReturn", { params });
      return false;
    case "reject":
      await callApi("updateReturnStatus", {
        params,
        body: { status: "rejected", customerNotes: action.customerNotes },
      });
      return false;
    case "complete":
      await callApi("updateReturnStatus", { params, body: { status: "complete" } });
      return false;
    case "reopen":
      await callApi("updateReturnStatus", { params, body: { status: "open" } });
      return false;
    case "delete":
      await callApi("updateReturnStatus", { params, body: { status: "deleted" } });
      return false;
    case "process": {
      // Processing is the return page's dock work: offline it waits in the queue (docs/offline.md), under a
      // key made now, as the person acts.
      const sent = await sendOrQueue(
        "processReturn",
        { params, body: action.body },
        {
          idempotencyKey: newWriteKey(),
          subject: `return:${returnId}`,
          summary: `Processing of ${actor.returnLabel}: ${action.body.products.length} ${action.body.products.length === 1 ? "item" : "items"}`,
          href: `/stores/${storeId}/returns/${returnId}`,
          storeId,
          queuedBy: { id: actor.id, name: actor.name },
        },
      );
      if (sent.queued) return "queued";
      onProcessed(sent.data);
      return sent.data.return.status === "complete";
    }
    case "flag":
      await callApi("flagReturn", { params });
      return false;
    case "unflag":
      await callApi("unflagReturn", { params });
      return false;
  }
}

/**
 * Runs a lifecycle action on the return. Afterwards the return and everything under its key (timeline,
 * comments) refetch, and so does everything of the store: its return lists and their status counts, the
 * overview's counts and, after processing, the inventory (a restock grows a level and writes a movement)
 * all follow from a return's status and stock. Only what is on screen refetches now; the rest is marked
 * stale and refetches when shown.
 */
export function useReturnAction(storeId: string, returnId: string, actor: ReturnActor) {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline an action runs anyway: processing queues, the others fail at once with a sentence.
    networkMode: "always",
    mutationFn: (action: ReturnAction) =>
      // Where the units went: the return page's putaway card (docs/dispositions.md) reads it from the cache.
      send(storeId, returnId, action, actor, (answer) =>
        queryClient.setQueryData(queryKeys.returns.processedUnits(returnId), answer.dispositions),
      ),
    onSuccess: (complete, action) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.returns.detail(returnId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.store(storeId) });
      toast.success(doneMessage(action, complete));
    },
    onError: (error) => {
      toast.error(`Not done: ${errorMessage(error)}`);
    },
  });
}
