/**
 * Data-only logistics catalogue for the demo: freight modes, carriers with real-looking tracking numbers
 * and tracking URL templates, payment terms and case-pack quantities. Costs are integer USD cents.
 */

export const FREIGHT_TYPES = ["Parcel", "LTL", "FTL", "Ocean FCL", "Air"] as const;
export type FreightType = (typeof FREIGHT_TYPES)[number];

export const PAYMENT_TERMS = ["NET30", "NET60", "NET15", "COD", "Prepaid"] as const;

export type CarrierTemplate = {
  name: string;
  modes: readonly FreightType[];
  countries: readonly ("US" | "CA")[];
  /** `#` a digit, `A` an upper-case letter, `X` a letter or digit; anything else is kept. */
  trackingPattern: string;
  /** `{tracking}` is replaced by the (URL-encoded) tracking number. */
  trackingUrl: string;
};

export const CARRIERS: readonly CarrierTemplate[] = [
  {
    name: "UPS",
    modes: ["Parcel", "Air"],
    countries: ["US", "CA"],
    trackingPattern: "1ZXXXXXX##########",
    trackingUrl: "https://www.ups.com/track?loc=en_US&tracknum={tracking}",
  },
  {
    name: "FedEx",
    modes: ["Parcel", "Air"],
    countries: ["US", "CA"],
    trackingPattern: "############",
    trackingUrl: "https://www.fedex.com/fedextrack/?trknbr={tracking}",
  },
  {
    name: "USPS",
    modes: ["Parcel"],
    countries: ["US"],
    trackingPattern: "9400##################",
    trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels={tracking}",
  },
  {
    name: "DHL Express",
    modes: ["Parcel", "Air"],
    countries: ["US", "CA"],
    trackingPattern: "##########",
    trackingUrl:
      "https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id={tracking}",
  },
  {
    name: "Canada Post",
    modes: ["Parcel"],
    countries: ["CA"],
    trackingPattern: "################",
    trackingUrl: "https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor={tracking}",
  },
  {
    name: "Purolator",
    modes: ["Parcel"],
    countries: ["CA"],
    trackingPattern: "3###########",
    trackingUrl: "https://www.purolator.com/en/shipping/tracker?pin={tracking}",
  },
  {
    name: "XPO",
    modes: ["LTL", "FTL"],
    countries: ["US", "CA"],
    trackingPattern: "#########",
    trackingUrl: "https://www.xpo.com/track/?pro={tracking}",
  },
  {
    name: "Old Dominion",
    modes: ["LTL"],
    countries: ["US"],
    trackingPattern: "0##########",
    trackingUrl: "https://www.odfl.com/us/en/tools/trace-track-ltl-freight/trace.html?proNumbers={tracking}",
  },
  {
    name: "Estes",
    modes: ["LTL", "FTL"],
    countries: ["US"],
    trackingPattern: "##########",
    trackingUrl: "https://www.estes-express.com/myestes/shipment-tracking/?type=PRO&query={tracking}",
  },
  {
    name: "Day & Ross",
    modes: ["LTL", "FTL"],
    countries: ["CA"],
    trackingPattern: "########",
    trackingUrl: "https://dayross.com/view-shipment-tracking?division=Freight&probillNumber={tracking}",
  },
  {
    name: "Maersk",
    modes: ["Ocean FCL"],
    countries: ["US", "CA"],
    trackingPattern: "MSKU#######",
    trackingUrl: "https://www.maersk.com/tracking/{tracking}",
  },
  {
    name: "MSC",
    modes: ["Ocean FCL"],
    countries: ["US", "CA"],
    trackingPattern: "MSCU#######",
    trackingUrl: "https://www.msc.com/en/track-a-shipment?agencyPath=msc&trackingNumber={tracking}",
  },
  {
    name: "Hapag-Lloyd",
    modes: ["Ocean FCL"],
    countries: ["US", "CA"],
    trackingPattern: "HLXU#######",
    trackingUrl:
      "https://www.hapag-lloyd.com/en/online-business/track/track-by-container-solution.html?container={tracking}",
  },
  {
    name: "Kuehne+Nagel",
    modes: ["Air", "Ocean FCL"],
    countries: ["US", "CA"],
    trackingPattern: "020-########",
    trackingUrl: "https://mykn.kuehne-nagel.com/public-tracking/shipments?query={tracking}",
  },
];

/** Per freight mode: share of shipments, transit days, and freight cost range (USD cents). */
export const FREIGHT_PROFILES: Record<
  FreightType,
  { weight: number; transitDays: [number, number]; cost: [number, number]; dutyRate: [number, number] }
> = {
  Parcel: { weight: 45, transitDays: [2, 7], cost: [900, 14_500], dutyRate: [0, 0] },
  LTL: { weight: 25, transitDays: [3, 10], cost: [18_000, 95_000], dutyRate: [0, 0] },
  FTL: { weight: 8, transitDays: [2, 6], cost: [120_000, 480_000], dutyRate: [0, 0] },
  "Ocean FCL": { weight: 12, transitDays: [21, 45], cost: [180_000, 650_000], dutyRate: [0.06, 0.18] },
  Air: { weight: 10, transitDays: [2, 5], cost: [40_000, 260_000], dutyRate: [0.04, 0.14] },
};

/** Typical quantities of one line of an inbound purchase order (case packs). */
export const CASE_QUANTITIES: readonly (readonly [number, number])[] = [
  [1, 2],
  [2, 3],
  [4, 4],
  [6, 8],
  [10, 6],
  [12, 10],
  [18, 3],
  [24, 8],
  [36, 4],
  [48, 5],
  [60, 2],
  [96, 2],
  [144, 1],
];
