"use client";

import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { useStoreTimeZone } from "@/components/app/staff-context";
import { Card } from "@/components/ui/card";
import { formatDate, formatDateTime, formatMoney } from "@/lib/client/format";
import type { InboundShipmentDetail } from "@/lib/schemas/inbound-shipments";

const DAY_MS = 24 * 3600 * 1000;

/** Days between two calendar days (YYYY-MM-DD), positive when `to` is later. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** "3 days late" / "1 day early" when the shipment arrived on another day than expected. */
function arrivalNote(shipment: InboundShipmentDetail): string | null {
  const { estimated_arrival_date: eta, actual_arrival_date: arrived } = shipment;
  if (!eta || !arrived) return null;
  const days = daysBetween(eta, arrived);
  if (days === 0) return "on the expected day";
  const count = `${Math.abs(days)} ${Math.abs(days) === 1 ? "day" : "days"}`;
  return days > 0 ? `${count} late` : `${count} early`;
}

/** The shipment's facts beside its lines: where it goes, who carries it, when, and what it costs. */
export function ShipmentDetailsCard({ shipment }: { shipment: InboundShipmentDetail }) {
  const timeZone = useStoreTimeZone();
  const note = arrivalNote(shipment);
  return (
    <Card title="Details" className="self-start">
      <dl className="space-y-3 text-sm">
        <Row term="Destination">{shipment.location.name}</Row>
        <Row term="Your reference">{shipment.shipment_id ?? "None"}</Row>
        <Row term="Supplier">{shipment.supplier?.name ?? "None"}</Row>
        <Row term="Purchase order">{shipment.purchase_orders[0]?.name ?? "None"}</Row>
        <Row term="Carrier">{shipment.carrier ?? "—"}</Row>
        <Row term="Tracking">
          {shipment.tracking_number && shipment.tracking_url ? (
            <a
              href={shipment.tracking_url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex max-w-full items-center gap-1 font-mono text-xs text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <span className="break-all">{shipment.tracking_number}</span>
              <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
              <span className="sr-only">(track on the carrier's site, opens in a new tab)</span>
            </a>
          ) : (
            <span className="break-all font-mono text-xs">{shipment.tracking_number ?? "—"}</span>
          )}
        </Row>
        <Row term="Expected arrival">{formatDate(shipment.estimated_arrival_date)}</Row>
        <Row term="Arrived">
          {formatDate(shipment.actual_arrival_date)}
          {note ? <span className="text-slate-600"> ({note})</span> : null}
        </Row>
        <Row term="Freight type">{shipment.freight_type ?? "—"}</Row>
        <Row term="Payment terms">{shipment.payment_terms ?? "—"}</Row>
        <Row term="Freight cost">
          <span className="tabular-nums">{formatMoney(shipment.freight_cost)}</span>
        </Row>
        <Row term="Duty cost">
          <span className="tabular-nums">{formatMoney(shipment.duty_cost)}</span>
        </Row>
        <Row term="Created">{formatDateTime(shipment.created_at, timeZone)}</Row>
        <Row term="Updated">{formatDateTime(shipment.updated_at, timeZone)}</Row>
        <Row term="ID">
          <span className="break-all font-mono text-xs">{shipment.id}</span>
        </Row>
      </dl>
    </Card>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_minmax(0,1fr)] gap-2">
      <dt className="text-slate-600">{term}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}
