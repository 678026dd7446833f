import { deriveShipmentStatus, summarizeShipmentItems } from "../domain/inbound-shipments/status";
import type { InboundShipmentStatus } from "../enums";
import {
  CARRIERS,
  CASE_QUANTITIES,
  FREIGHT_PROFILES,
  FREIGHT_TYPES,
  type FreightType,
  PAYMENT_TERMS,
} from "./catalog-logistics";
import {
  addMs,
  DAY_MS,
  fillPattern,
  formatCents,
  HOUR_MS,
  isoDate,
  maxDate,
  minDate,
  pastDate,
  percentOf,
} from "./format";
import type { Random } from "./random";
import type { InboundShipmentItemRow, InboundShipmentRow, MakeId } from "./types";

/** What a shipment needs to know about its store. */
export type ShipmentStore = {
  id: string;
  currency: string;
  country: "US" | "CA";
  /** Multiplier from the catalogue's USD costs to the store's currency. */
  priceFactor: number;
  locations: readonly ShipmentLocation[];
  variants: readonly { id: string }[];
};

export type ShipmentLocation = { id: string; kind: "warehouse" | "store" };

/** Items per shipment: 1 to 8, about 3.2 on average. */
const ITEM_COUNTS: readonly (readonly [number, number])[] = [
  [1, 20],
  [2, 22],
  [3, 20],
  [4, 14],
  [5, 10],
  [6, 7],
  [7, 4],
  [8, 3],
];

const FREIGHT_WEIGHTS = FREIGHT_TYPES.map((type) => [type, FREIGHT_PROFILES[type].weight] as const);

/** Status the dock has reached, by the shipment's age: old ones are received, recent ones on their way. */
function targetStatus(random: Random, ageDays: number): InboundShipmentStatus {
  if (ageDays < 10) {
    return random.weighted([
      ["PENDING", 35],
      ["IN_TRANSIT", 45],
      ["PARTIALLY_RECEIVED", 15],
      ["RECEIVED", 5],
    ]);
  }
  if (ageDays < 45) {
    return random.weighted([
      ["PENDING", 8],
      ["IN_TRANSIT", 22],
      ["PARTIALLY_RECEIVED", 25],
      ["RECEIVED", 45],
    ]);
  }
  return random.weighted([
    ["PENDING", 1],
    ["IN_TRANSIT", 2],
    ["PARTIALLY_RECEIVED", 9],
    ["RECEIVED", 88],
  ]);
}

type Quantities = { quantity: number; received: number; damaged: number; missing: number };

/** Quantities of each line; when `target` is RECEIVED or PARTIALLY_RECEIVED some units are processed. */
function lineQuantities(random: Random, lines: number, target: InboundShipmentStatus): Quantities[] {
  const out: Quantities[] = [];
  for (let i = 0; i < lines; i++) {
    const quantity = random.weighted(CASE_QUANTITIES);
    out.push({ quantity, received: 0, damaged: 0, missing: 0 });
  }
  if (target === "RECEIVED") {
    for (const q of out) {
      q.damaged = random.chance(0.08) ? random.int(1, Math.max(1, Math.floor(q.quantity / 6))) : 0;
      q.missing = random.chance(0.05) ? random.int(0, q.quantity - q.damaged) : 0;
      q.received = q.quantity - q.damaged - q.missing;
    }
  } else if (target === "PARTIALLY_RECEIVED") {
    // Some lines done, at least one not (or only in part), and at least one unit processed.
    const pending = random.int(0, out.length - 1);
    out.forEach((q, index) => {
      const fraction = index === pending ? random.float(0, 0.9) : random.chance(0.6) ? 1 : random.float(0, 1);
      const processed = Math.min(q.quantity, Math.floor(q.quantity * fraction));
      q.damaged = processed > 3 && random.chance(0.1) ? 1 : 0;
      q.received = processed - q.damaged;
    });
    const first = out[0] as Quantities;
    const total = out.reduce((sum, q) => sum + q.quantity, 0);
    const processed = out.reduce((sum, q) => sum + q.received + q.damaged, 0);
    if (processed === 0) first.received = 1;
    else if (processed >= total) {
      const last = out[pending] as Quantities;
      if (last.received > 0) last.received -= 1;
      else last.damaged -= 1;
    }
  }
  return out;
}

function carrierFor(random: Random, mode: FreightType, country: "US" | "CA") {
  const choices = CARRIERS.filter((c) => c.modes.includes(mode) && c.countries.includes(country));
  return random.pick(choices);
}

export type GeneratedShipment = { shipment: InboundShipmentRow; items: InboundShipmentItemRow[] };

/**
 * One inbound shipment created at `createdAt` (before `anchor`), its items, and counts and status derived
 * from the items with the domain's own functions.
 */
export function generateShipment(
  random: Random,
  makeId: MakeId,
  store: ShipmentStore,
  createdAt: Date,
  anchor: Date,
  sequence: number,
): GeneratedShipment {
  const id = makeId("inboundShipment");
  const ageDays = (anchor.getTime() - createdAt.getTime()) / DAY_MS;
  const target = targetStatus(random, ageDays);
  const lines = random.weighted(ITEM_COUNTS);
  const variants = random.sample(store.variants, lines);
  const quantities = lineQuantities(random, variants.length, target);
  const items: InboundShipmentItemRow[] = variants.map((variant, position) => {
    const q = quantities[position] as Quantities;
    return {
      id: makeId("shipmentItem"),
      shipmentId: id,
      variantId: variant.id,
      position,
      quantity: q.quantity,
      receivedQuantity: q.received,
      damagedQuantity: q.damaged,
      missingQuantity: q.missing,
    };
  });

  const counts = summarizeShipmentItems(
    items.map((item) => ({
      variantId: item.variantId,
      quantity: item.quantity,
      receivedQuantity: item.receivedQuantity ?? 0,
      damagedQuantity: item.damagedQuantity ?? 0,
      missingQuantity: item.missingQuantity ?? 0,
    })),
  );
  const shipped = target !== "PENDING";
  const status = deriveShipmentStatus({
    shipped,
    expected: counts.itemCount,
    received: counts.receivedCount,
    damaged: counts.damaged,
    missing: counts.missing,
  });

  const mode = random.weighted(FREIGHT_WEIGHTS);
  const profile = FREIGHT_PROFILES[mode];
  const carrier = carrierFor(random, mode, store.country);
  const shippedAt = shipped ? minDate(addMs(createdAt, random.float(2, 96) * HOUR_MS), anchor) : null;
  const departure = shippedAt ?? addMs(createdAt, random.float(1, 14) * DAY_MS);
  const transit = random.int(profile.transitDays[0], profile.transitDays[1]);
  const eta = addMs(departure, transit * DAY_MS);
  const hasEta = shipped || random.chance(0.6);
  const arrived = status === "RECEIVED" || status === "PARTIALLY_RECEIVED";
  let arrival: Date | null = null;
  if (arrived && shippedAt) {
    const lateness = random.weighted([
      [-1, 2],
      [0, 5],
      [1, 2],
      [random.int(2, 6), 1],
    ]);
    arrival = maxDate(shippedAt, minDate(addMs(eta, lateness * DAY_MS), anchor));
  }
  let updatedAt: Date;
  if (arrival) updatedAt = addMs(arrival, random.float(1, status === "RECEIVED" ? 72 : 30) * HOUR_MS);
  else if (shippedAt) updatedAt = addMs(shippedAt, random.float(0, 24) * HOUR_MS);
  else updatedAt = addMs(createdAt, random.float(0, 72) * HOUR_MS);
  updatedAt = maxDate(createdAt, minDate(updatedAt, anchor));

  const trackingNumber = shipped || random.chance(0.2) ? fillPattern(random, carrier.trackingPattern) : null;
  const freight = Math.round(random.int(profile.cost[0], profile.cost[1]) * store.priceFactor);
  const goodsValue = counts.itemCount * random.int(900, 2600);
  const dutyRate = random.float(profile.dutyRate[0], profile.dutyRate[1]);
  const poPrefix = random.weighted([
    ["PO", 8],
    ["ASN", 2],
  ]);

  return {
    shipment: {
      id,
      storeId: store.id,
      locationId: pickLocation(random, store.locations).id,
      shipmentId: random.chance(0.9)
        ? `${poPrefix}-${createdAt.getUTCFullYear()}-${String(sequence).padStart(5, "0")}`
        : null,
      status,
      carrier: shipped || random.chance(0.5) ? carrier.name : null,
      trackingNumber,
      trackingUrl: trackingNumber
        ? carrier.trackingUrl.replace("{tracking}", encodeURIComponent(trackingNumber))
        : null,
      shippedAt,
      estimatedArrivalDate: hasEta ? isoDate(eta) : null,
      actualArrivalDate: arrival ? isoDate(arrival) : null,
      freightType: random.chance(0.95) ? mode : null,
      paymentTerms: random.chance(0.9) ? random.pick(PAYMENT_TERMS) : null,
      currency: store.currency,
      freightCost: formatCents(mode === "Parcel" && random.chance(0.15) ? 0 : freight),
      dutyCost: formatCents(dutyRate > 0 ? percentOf(goodsValue, Math.round(dutyRate * 10_000)) : 0),
      skuCount: counts.skuCount,
      itemCount: counts.itemCount,
      receivedCount: counts.receivedCount,
      coveredCount: counts.coveredCount,
      createdAt,
      updatedAt,
    },
    items,
  };
}

/** Most shipments go to warehouses; stores get some direct deliveries. */
function pickLocation(random: Random, locations: readonly ShipmentLocation[]): ShipmentLocation {
  return random.weighted(locations.map((l) => [l, l.kind === "warehouse" ? 6 : 1] as const));
}

/** Creation dates of shipments: a year, with the last 30 days a little busier. */
export const SHIPMENT_SPREAD = { days: 365, recentDays: 30, recentShare: 0.15 } as const;
const SPREAD = SHIPMENT_SPREAD;

/** `count` shipments spread over the 365 days before `anchor`, oldest first. */
export function generateShipments(
  random: Random,
  makeId: MakeId,
  store: ShipmentStore,
  count: number,
  anchor: Date,
): GeneratedShipment[] {
  const dates = Array.from({ length: count }, () => pastDate(random, anchor, SPREAD)).sort(
    (a, b) => a.getTime() - b.getTime(),
  );
  return dates.map((createdAt, index) =>
    generateShipment(random, makeId, store, createdAt, anchor, index + 1),
  );
}
