"use client";

import { History } from "lucide-react";
import { type ReactNode, useMemo } from "react";
import { useCan } from "@/components/app/staff-context";
import { useNow } from "@/components/app/use-now";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/lib/client/api-client";
import { useReturnTimeline } from "@/lib/client/hooks/return-lifecycle";
import { flattenPages } from "@/lib/client/paged-list";
import type { Order } from "@/lib/schemas/orders";
import type { Return } from "@/lib/schemas/returns";
import { CommentComposer } from "./comment-composer";
import { itemTitle } from "./return-item-details";
import type { TimelineContext } from "./timeline-describe";
import { TimelineEntry } from "./timeline-entry";

/**
 * The return's timeline: everything that happened to it, oldest first, comments included (like a
 * conversation, the composer under the newest entry). Older entries come first, so the rest of a long
 * history is one "Show more" away.
 */
export function ReturnTimeline({ storeId, ret, order }: { storeId: string; ret: Return; order: Order }) {
  const canEdit = useCan("write");
  const isAdmin = useCan("admin");
  const timeline = useReturnTimeline(ret.id);
  const now = useNow();
  const ctx = useMemo((): Omit<TimelineContext, "now"> => {
    const lines = new Map(order.items.map((line) => [line.id, line]));
    const names = new Map(ret.items.map((item) => [item.id, itemTitle(item, lines.get(item.orderItem.id))]));
    return {
      itemName: (itemId) => names.get(itemId) ?? "an item",
      currency: ret.totals.refund.amount.currency,
      webhookHref: isAdmin
        ? (webhookId) => `/stores/${storeId}/settings/webhooks/${encodeURIComponent(webhookId)}`
        : null,
    };
  }, [ret, order, storeId, isAdmin]);

  let body: ReactNode;
  if (timeline.isPending) {
    body = (
      <ol className="space-y-5 px-5 py-4" aria-busy="true">
        {[0, 1, 2].map((key) => (
          <li key={key} className="flex gap-3">
            <Skeleton className="size-8 shrink-0 rounded-full" />
            <div className="flex-1 pt-1.5">
              <Skeleton className="h-4 w-64 max-w-full" />
            </div>
          </li>
        ))}
      </ol>
    );
  } else if (timeline.isError) {
    body = (
      <ErrorState
        title="The timeline could not be loaded"
        message={errorMessage(timeline.error)}
        onRetry={() => void timeline.refetch()}
      />
    );
  } else {
    const entries = flattenPages(timeline.data.pages);
    body = (
      <div className="px-5 py-4">
        <ol className="relative space-y-5">
          {/* The thread behind the icons, from the first entry's to the last's. */}
          <span aria-hidden="true" className="absolute top-4 bottom-4 left-4 w-px bg-slate-200" />
          {entries.map((entry) => (
            <TimelineEntry key={entry.id} entry={entry} ctx={{ ...ctx, now }} />
          ))}
        </ol>
        {timeline.hasNextPage ? (
          <div className="mt-4 flex items-center gap-3 border-t border-slate-100 pt-4">
            <Button
              size="sm"
              pending={timeline.isFetchingNextPage}
              onClick={() => void timeline.fetchNextPage()}
            >
              <History className="size-4" aria-hidden="true" />
              Show more
            </Button>
            <span className="text-sm text-slate-500">{entries.length} shown; newer entries follow.</span>
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <Card
      title="Timeline"
      description="Everything that happened to this return, oldest first: status changes, processing, label prints, comments and webhook deliveries."
      bodyClassName=""
    >
      {body}
      {canEdit ? (
        <CommentComposer
          storeId={storeId}
          returnId={ret.id}
          returnLabel={`return for order ${ret.order.name}`}
        />
      ) : null}
    </Card>
  );
}
