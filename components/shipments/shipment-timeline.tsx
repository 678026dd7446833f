"use client";

import { labelCountWords, printedBy, printFormWords } from "@/components/labels/label-print-words";
import { Card } from "@/components/ui/card";
import { RelativeTime } from "@/components/ui/relative-time";
import { useWithLabelPrints } from "@/lib/client/hooks/labels";
import { useInboundShipmentEvents } from "@/lib/client/hooks/receipts";
import type { SubjectEvent } from "@/lib/schemas/subject-events";

const TYPE_LABELS: Record<SubjectEvent["type"], string> = {
  created: "Created",
  updated: "Updated",
  deleted: "Cancelled",
  backfill: "Backfilled",
  test: "Test",
};

/** What the merchant's systems were told: one line per event, and how its webhook deliveries went. */
function deliveryLine(event: SubjectEvent): string {
  const { pending, delivered, discarded } = event.deliveries;
  if (pending + delivered + discarded === 0) return "no webhook subscribed";
  return [
    delivered ? `${delivered} delivered` : null,
    pending ? `${pending} pending` : null,
    discarded ? `${discarded} failed` : null,
  ]
    .filter(Boolean)
    .join(", ");
}

/**
 * The shipment's timeline, newest first, with "Show more" paging: its `inbound_shipment` events (GET …/events)
 * with how their webhook deliveries went, and its label prints (GET …/label-prints), which are no event: no
 * webhook carries them.
 */
export function ShipmentTimeline({
  storeId,
  inboundShipmentId,
}: {
  storeId: string;
  inboundShipmentId: string;
}) {
  const timeline = useWithLabelPrints(
    useInboundShipmentEvents(storeId, inboundShipmentId),
    (event) => ({ at: event.created_at, id: event.id }),
    storeId,
    { type: "inbound_shipment", id: inboundShipmentId },
  );
  return (
    <Card
      title="Timeline"
      description="Each change as webhooks carry it to your systems, and each label print."
    >
      {timeline.isPending ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : timeline.error ? (
        <p className="text-sm text-red-700">The timeline could not be loaded.</p>
      ) : timeline.entries.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing yet.</p>
      ) : (
        <ol className="space-y-2 text-sm" aria-label="Timeline of this shipment">
          {timeline.entries.map((row) => (
            <li key={row.key} className="flex items-baseline justify-between gap-3">
              {row.kind === "own" ? (
                <span>
                  <span className="font-medium text-slate-900">{TYPE_LABELS[row.entry.type]}</span>
                  <span className="block text-xs text-slate-600">{deliveryLine(row.entry)}</span>
                </span>
              ) : (
                <span>
                  <span className="font-medium text-slate-900">
                    Printed {labelCountWords(row.print.count)}
                  </span>
                  <span className="block text-xs text-slate-600">
                    {printFormWords(row.print)} · {printedBy(row.print.actor)}
                  </span>
                </span>
              )}
              <span className="shrink-0 text-xs text-slate-600">
                <RelativeTime value={row.at} />
              </span>
            </li>
          ))}
        </ol>
      )}
      {timeline.hasNextPage ? (
        <button
          type="button"
          onClick={() => void timeline.fetchNextPage()}
          disabled={timeline.isFetchingNextPage}
          className="mt-3 text-sm font-medium text-indigo-700 hover:underline"
        >
          Show more
        </button>
      ) : null}
    </Card>
  );
}
