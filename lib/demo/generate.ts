import { apiSecretStart, generateApiSecret, hashApiSecret } from "../auth/api-secrets";
import { idFactory } from "../ids";
import { DEMO_API_KEY_NAME, DEMO_MEMBERSHIPS, DEMO_STAFF } from "./accounts";
import { DEMO_STORES } from "./catalog-stores";
import { addMs, DAY_MS, startOfDay } from "./format";
import { emptyReturnsData, generateReturns } from "./generate-returns";
import { generateShipments } from "./generate-shipments";
import { generateStoreCatalog } from "./generate-store";
import { createRandom } from "./random";
import type { DemoData, StaffInfo, StoreContext } from "./types";

/**
 * The demo data generator: pure functions from a seed, an anchor date and sizes to plain rows for every
 * table. Nothing here touches the database, the clock or a random source of the system, so the same
 * options always give the same rows (ids included); lib/demo/load.ts inserts them.
 */

export const DEFAULT_DEMO_SEED = 20261121;
export const DEFAULT_DEMO_SHIPMENTS = 2000;
export const DEFAULT_DEMO_RETURNS = 500;
export const DEFAULT_PRODUCTS_PER_STORE = 40;

export type DemoOptions = {
  seed?: number;
  /** Data is spread over the year before this instant; default: today at 00:00 UTC. */
  anchor?: Date;
  /** Inbound shipments over all stores. */
  shipments?: number;
  /** Returns (each with its order) over all stores. */
  returns?: number;
  productsPerStore?: number;
  /**
   * The clear API secret of each store's demo key (only its hash is kept in the data). Default: a random
   * one, so two demo databases never share a secret; the loader passes its own to report them once.
   */
  apiSecret?: (storeId: string) => string;
};

/** The default anchor: the current day at 00:00 UTC, so every timestamp lies in the past. */
export function demoAnchor(now: Date = new Date()): Date {
  return startOfDay(now);
}

/** Splits `total` over the stores by their share; the last store takes the remainder. */
function split(total: number, shares: readonly number[]): number[] {
  const out = shares.map((share) => Math.floor(total * share));
  const rest = total - out.reduce((a, b) => a + b, 0);
  out[out.length - 1] = (out[out.length - 1] ?? 0) + rest;
  return out;
}

export function generateDemoData(options: DemoOptions = {}): DemoData {
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const anchor = options.anchor ?? demoAnchor();
  const shipmentCounts = split(
    options.shipments ?? DEFAULT_DEMO_SHIPMENTS,
    DEMO_STORES.map((s) => s.share),
  );
  const returnCounts = split(
    options.returns ?? DEFAULT_DEMO_RETURNS,
    DEMO_STORES.map((s) => s.share),
  );
  const root = createRandom(seed);
  const accountIds = idFactory(root.fork("ids:accounts").bytes);
  const since = addMs(anchor, -400 * DAY_MS);

  const data: DemoData = {
    stores: [],
    staffUsers: [],
    storeMemberships: [],
    apiKeys: [],
    locations: [],
    products: [],
    productVariants: [],
    inventoryItems: [],
    inventoryLevels: [],
    inboundShipments: [],
    inboundShipmentItems: [],
    ...emptyReturnsData(),
  };

  const storeIds = DEMO_STORES.map(() => accountIds("store"));
  const staff: StaffInfo[] = DEMO_STAFF.map((s) => ({
    id: accountIds("staffUser"),
    email: s.email,
    name: s.name,
  }));
  DEMO_STORES.forEach((template, i) => {
    data.stores.push({
      id: storeIds[i] as string,
      name: template.name,
      currency: template.currency,
      createdAt: since,
      updatedAt: since,
    });
  });
  for (const user of staff) data.staffUsers.push({ ...user, createdAt: since, updatedAt: since });
  for (const m of DEMO_MEMBERSHIPS) {
    const user = staff[m.staff];
    const storeId = storeIds[m.store];
    if (!user || !storeId) throw new Error("DEMO_MEMBERSHIPS refers to a missing user or store");
    data.storeMemberships.push({ storeId, userId: user.id, role: m.role, createdAt: since });
  }
  const admin = staff[DEMO_STAFF.findIndex((s) => s.role === "admin")];

  DEMO_STORES.forEach((template, i) => {
    const storeId = storeIds[i] as string;
    const secret = (options.apiSecret ?? (() => generateApiSecret()))(storeId);
    const apiKeyId = accountIds("apiKey");
    data.apiKeys.push({
      id: apiKeyId,
      storeId,
      name: DEMO_API_KEY_NAME,
      start: apiSecretStart(secret),
      secretHash: hashApiSecret(secret),
      createdByUserId: admin?.id ?? null,
      createdAt: since,
    });

    const random = root.fork(`store:${i}`);
    const catalog = generateStoreCatalog({
      random: random.fork("catalog"),
      makeId: idFactory(random.fork("catalog:ids").bytes),
      storeId,
      template,
      anchor,
      productCount: options.productsPerStore ?? DEFAULT_PRODUCTS_PER_STORE,
    });
    data.locations.push(...catalog.locations);
    data.products.push(...catalog.products);
    data.productVariants.push(...catalog.productVariants);
    data.inventoryItems.push(...catalog.inventoryItems);
    data.inventoryLevels.push(...catalog.inventoryLevels);

    const shipments = generateShipments(
      random.fork("shipments"),
      idFactory(random.fork("shipments:ids").bytes),
      {
        id: storeId,
        currency: template.currency,
        country: template.country,
        priceFactor: template.priceFactor,
        locations: catalog.locationInfos.map((l) => ({ id: l.id, kind: l.template.kind })),
        variants: catalog.variants,
      },
      shipmentCounts[i] ?? 0,
      anchor,
    );
    for (const { shipment, items } of shipments) {
      data.inboundShipments.push(shipment);
      data.inboundShipmentItems.push(...items);
    }

    // Staff who handle returns here: members who may edit (assessments, comments).
    const handlers = DEMO_MEMBERSHIPS.filter((m) => m.store === i && m.role !== "viewer")
      .map((m) => staff[m.staff])
      .filter((s): s is StaffInfo => s !== undefined);
    const context: StoreContext = {
      id: storeId,
      template,
      currency: template.currency,
      locations: catalog.locationInfos,
      variants: catalog.variants,
      variantsByProduct: catalog.variantsByProduct,
      apiKeyId,
      apiKeyName: DEMO_API_KEY_NAME,
      staff: handlers,
    };
    const returns = generateReturns(
      random.fork("returns"),
      idFactory(random.fork("returns:ids").bytes),
      context,
      returnCounts[i] ?? 0,
      anchor,
    );
    for (const key of Object.keys(returns) as (keyof typeof returns)[]) {
      const target = data[key] as unknown[];
      for (const row of returns[key]) target.push(row);
    }
  });
  return data;
}
