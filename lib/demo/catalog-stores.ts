import type { Address } from "../schemas/returns";

/** Data-only templates of the demo stores and their locations (addresses are fictional). */

export type LocationTemplate = {
  name: string;
  externalId: string;
  kind: "warehouse" | "store";
  /** Whether returns are sent here. */
  receivesReturns: boolean;
  address: Address;
  phone: string;
};

export type StoreTemplate = {
  name: string;
  currency: "USD" | "CAD";
  country: "US" | "CA";
  skuPrefix: string;
  /** First digits of the 12-digit UPC-A codes (the store's GS1 company prefix). */
  upcPrefix: string;
  /** Sales tax applied to orders, in basis points. */
  taxRateBps: number;
  /** Multiplier applied to the catalogue's USD prices. */
  priceFactor: number;
  firstOrderNumber: number;
  /** Share of the demo's shipments and returns that belong to this store. */
  share: number;
  locations: LocationTemplate[];
};

export const DEMO_STORES: readonly StoreTemplate[] = [
  {
    name: "Northwind Outfitters",
    currency: "USD",
    country: "US",
    skuPrefix: "NW",
    upcPrefix: "084712",
    taxRateBps: 825,
    priceFactor: 1,
    firstOrderNumber: 1001,
    share: 0.6,
    locations: [
      {
        name: "Reno Fulfillment Center",
        externalId: "WH-RNO",
        kind: "warehouse",
        receivesReturns: true,
        address: {
          line1: "4895 Longley Lane",
          city: "Reno",
          state: "NV",
          postalCode: "89502",
          country: "US",
        },
        phone: "+1 775-555-0134",
      },
      {
        name: "Columbus Distribution Center",
        externalId: "WH-CMH",
        kind: "warehouse",
        receivesReturns: true,
        address: {
          line1: "6120 Alum Creek Drive",
          line2: "Dock 14",
          city: "Columbus",
          state: "OH",
          postalCode: "43217",
          country: "US",
        },
        phone: "+1 614-555-0187",
      },
      {
        name: "Portland Flagship",
        externalId: "ST-PDX",
        kind: "store",
        receivesReturns: false,
        address: {
          line1: "1021 NW Couch Street",
          city: "Portland",
          state: "OR",
          postalCode: "97209",
          country: "US",
        },
        phone: "+1 503-555-0112",
      },
      {
        name: "Denver Store",
        externalId: "ST-DEN",
        kind: "store",
        receivesReturns: false,
        address: {
          line1: "1650 Wazee Street",
          city: "Denver",
          state: "CO",
          postalCode: "80202",
          country: "US",
        },
        phone: "+1 720-555-0159",
      },
    ],
  },
  {
    name: "Maple & Thread",
    currency: "CAD",
    country: "CA",
    skuPrefix: "MT",
    upcPrefix: "062938",
    taxRateBps: 1300,
    priceFactor: 1.35,
    firstOrderNumber: 5001,
    share: 0.4,
    locations: [
      {
        name: "Mississauga Warehouse",
        externalId: "WH-YYZ",
        kind: "warehouse",
        receivesReturns: true,
        address: {
          line1: "6750 Millcreek Drive",
          city: "Mississauga",
          state: "ON",
          postalCode: "L5N 0B7",
          country: "CA",
        },
        phone: "+1 905-555-0148",
      },
      {
        name: "Calgary DC",
        externalId: "WH-YYC",
        kind: "warehouse",
        receivesReturns: true,
        address: {
          line1: "3915 64 Avenue SE",
          city: "Calgary",
          state: "AB",
          postalCode: "T2C 2B4",
          country: "CA",
        },
        phone: "+1 403-555-0176",
      },
      {
        name: "Montréal Boutique",
        externalId: "ST-YUL",
        kind: "store",
        receivesReturns: false,
        address: {
          line1: "1250 Rue Sainte-Catherine Ouest",
          city: "Montréal",
          state: "QC",
          postalCode: "H3G 1P1",
          country: "CA",
        },
        phone: "+1 514-555-0123",
      },
    ],
  },
];

/** The store that `npm run seed -- --shipments N` fills with large volumes (lib/demo/bulk.ts). */
export const BULK_STORE: StoreTemplate = {
  name: "Bulk Depot",
  currency: "USD",
  country: "US",
  skuPrefix: "BD",
  upcPrefix: "071234",
  taxRateBps: 700,
  priceFactor: 1,
  firstOrderNumber: 90001,
  share: 1,
  locations: [
    {
      name: "Phoenix Cross-Dock",
      externalId: "WH-PHX",
      kind: "warehouse",
      receivesReturns: true,
      address: {
        line1: "4310 W Buckeye Road",
        city: "Phoenix",
        state: "AZ",
        postalCode: "85043",
        country: "US",
      },
      phone: "+1 602-555-0191",
    },
    {
      name: "Memphis Hub",
      externalId: "WH-MEM",
      kind: "warehouse",
      receivesReturns: true,
      address: {
        line1: "3750 Tchulahoma Road",
        city: "Memphis",
        state: "TN",
        postalCode: "38118",
        country: "US",
      },
      phone: "+1 901-555-0142",
    },
    {
      name: "Newark Overflow",
      externalId: "WH-EWR",
      kind: "warehouse",
      receivesReturns: false,
      address: {
        line1: "215 Doremus Avenue",
        city: "Newark",
        state: "NJ",
        postalCode: "07105",
        country: "US",
      },
      phone: "+1 973-555-0168",
    },
  ],
};
