"use client";

import { Card } from "@/components/ui/card";
import { RelativeTime } from "@/components/ui/relative-time";
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

/** The shipment's `inbound_shipment` events, newest first (GET …/events), with "Show more" paging. */
export function ShipmentEvents({
  storeId,
  inboundShipmentId,
}: {
  storeId: string;
  inboundShipmentId: string;
}) {
  const events = useInboundShipmentEvents(storeId, inboundShipmentId);
  const rows = events.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card title="Events" description="Each change as webhooks carry it to your systems.">
      {events.isPending ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : events.isError ? (
        <p className="text-sm text-red-700">The events could not be loaded.</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-600">No events yet.</p>
      ) : (
        <ol className="space-y-2 text-sm" aria-label="Events of this shipment">
          {rows.map((event) => (
            <li key={event.id} className="flex items-baseline justify-between gap-3">
              <span>
                <span className="font-medium text-slate-900">{TYPE_LABELS[event.type]}</span>
                <span className="block text-xs text-slate-600">{deliveryLine(event)}</span>
              </span>
              <span className="shrink-0 text-xs text-slate-600">
                <RelativeTime value={event.created_at} />
              </span>
            </li>
          ))}
        </ol>
      )}
      {events.hasNextPage ? (
        <button
          type="button"
          onClick={() => void events.fetchNextPage()}
          className="mt-3 text-sm font-medium text-indigo-700 hover:underline"
        >
          Show more
        </button>
      ) : null}
    </Card>
  );
}
