import { inArray } from "drizzle-orm";
import { generateApiSecret } from "../auth/api-secrets";
import { hashPassword } from "../auth/password";
import type { Db } from "../db";
import { insertInBatches } from "../db/insert-batches";
import * as schema from "../db/schema";
import { customersFromOrders } from "../domain/customers/profiles";
import { recordOpeningBalances } from "../domain/inventory-levels/opening-balances";
import { catalogueTagsInUse } from "../domain/return-tags/catalogue";
import type { StaffRole } from "../enums";
import { DEMO_MEMBERSHIPS, DEMO_PASSWORD, DEMO_STAFF } from "./accounts";
import { placeDemoBins } from "./bins";
import { finishDemoCounts } from "./cycle-counts";
import { holdDemoDispositions } from "./dispositions";
import { DEFAULT_DEMO_SEED, type DemoOptions, demoAnchor, generateDemoData } from "./generate";
import { createDemoSuppliers } from "./suppliers";
import { createDemoTransfers } from "./transfers";
import type { DemoData } from "./types";

export type DemoStoreSummary = {
  id: string;
  name: string;
  currency: string;
  /** The store's demo API secret, random and reported only here (the database keeps its hash). */
  apiSecret: string;
  counts: {
    locations: number;
    products: number;
    variants: number;
    inventoryItems: number;
    inboundShipments: number;
    inboundShipmentItems: number;
    orders: number;
    returns: number;
    returnComments: number;
  };
};

export type DemoSummary = {
  seed: number;
  anchor: Date;
  stores: DemoStoreSummary[];
  /** The demo accounts; `created` is false when an account with that e-mail already existed (kept as is). */
  staff: {
    email: string;
    name: string;
    password: string;
    created: boolean;
    memberships: { store: string; role: StaffRole }[];
  }[];
  /** Rows inserted over all tables. */
  rows: number;
  ms: number;
};

/** True when the database has no store at all (a fresh install, where the demo may be loaded). */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: schema.stores.id }).from(schema.stores).limit(1);
  return rows.length === 0;
}

/**
 * Demo accounts whose e-mail is already taken keep their row (and password): the demo's rows that refer
 * to them are pointed at the existing id.
 */
function remapStaff(data: DemoData, ids: Map<string, string>): void {
  const map = (id: string | null | undefined) => (id ? (ids.get(id) ?? id) : id);
  for (const m of data.storeMemberships) m.userId = map(m.userId) as string;
  for (const k of data.apiKeys) k.createdByUserId = map(k.createdByUserId);
  for (const c of data.returnComments) c.authorUserId = map(c.authorUserId);
  for (const a of data.returnItemAssessments) a.assignedUserId = map(a.assignedUserId) as string;
}

/**
 * Generates the demo data and inserts it in one transaction: two stores with their catalogue, inventory,
 * inbound shipments, orders and returns, three staff accounts and one API key per store.
 */
export async function seedDemoData(db: Db, options: DemoOptions = {}): Promise<DemoSummary> {
  const started = performance.now();
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const anchor = options.anchor ?? demoAnchor();
  const apiSecrets = new Map<string, string>();
  const data = generateDemoData({
    ...options,
    seed,
    anchor,
    apiSecret: (storeId) => {
      const secret = options.apiSecret?.(storeId) ?? generateApiSecret();
      apiSecrets.set(storeId, secret);
      return secret;
    },
  });
  // One scrypt hash per account, on node's thread pool while the rows that need no account are inserted.
  const hashing = Promise.all(data.staffUsers.map(() => hashPassword(DEMO_PASSWORD)));
  hashing.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled
  let rows = 0;
  const created = new Set<string>();

  await db.transaction(async (tx) => {
    const storeIds = data.stores.map((s) => s.id as string);
    const existing = await tx
      .select({ id: schema.stores.id })
      .from(schema.stores)
      .where(inArray(schema.stores.id, storeIds));
    if (existing.length > 0) {
      throw new Error(`The demo data with seed ${seed} is already loaded (store ${existing[0]?.id} exists).`);
    }
    // The flag that makes this a demo database: the sign-in page lists the demo logins only while it is set.
    await tx
      .insert(schema.instanceSettings)
      .values({ id: true, demo: true })
      .onConflictDoUpdate({ target: schema.instanceSettings.id, set: { demo: true } });
    rows += await insertInBatches(tx, schema.stores, data.stores);
    rows += await insertInBatches(tx, schema.locations, data.locations);
    rows += await insertInBatches(tx, schema.products, data.products);
    rows += await insertInBatches(tx, schema.productVariants, data.productVariants);
    rows += await insertInBatches(tx, schema.inventoryItems, data.inventoryItems);
    rows += await insertInBatches(tx, schema.inventoryLevels, data.inventoryLevels);
    await recordOpeningBalances(tx, storeIds);
    rows += await placeDemoBins(tx, storeIds);
    rows += await finishDemoCounts(tx, storeIds);
    rows += await holdDemoDispositions(tx, storeIds);
    rows += await insertInBatches(tx, schema.inboundShipments, data.inboundShipments);
    rows += await insertInBatches(tx, schema.inboundShipmentItems, data.inboundShipmentItems);

    const hashes = await hashing;
    const inserted = await tx
      .insert(schema.staffUsers)
      .values(data.staffUsers.map((user, i) => ({ ...user, passwordHash: hashes[i] as string })))
      .onConflictDoNothing({ target: schema.staffUsers.email })
      .returning({ id: schema.staffUsers.id, email: schema.staffUsers.email });
    rows += inserted.length;
    for (const user of inserted) created.add(user.email);
    const emails = data.staffUsers.map((u) => u.email);
    const actual = await tx
      .select({ id: schema.staffUsers.id, email: schema.staffUsers.email })
      .from(schema.staffUsers)
      .where(inArray(schema.staffUsers.email, emails));
    const idByEmail = new Map(actual.map((u) => [u.email, u.id]));
    remapStaff(
      data,
      new Map(data.staffUsers.map((u) => [u.id as string, idByEmail.get(u.email) ?? (u.id as string)])),
    );

    rows += await insertInBatches(tx, schema.storeMemberships, data.storeMemberships);
    rows += await insertInBatches(tx, schema.apiKeys, data.apiKeys);
    rows += await insertInBatches(tx, schema.orders, data.orders);
    rows += await insertInBatches(tx, schema.orderLineItems, data.orderLineItems);
    rows += await insertInBatches(tx, schema.returns, data.returns);
    rows += await insertInBatches(tx, schema.returnItems, data.returnItems);
    rows += await insertInBatches(tx, schema.returnItemAssessments, data.returnItemAssessments);
    rows += await insertInBatches(tx, schema.returnExchanges, data.returnExchanges);
    rows += await insertInBatches(tx, schema.returnExchangeItems, data.returnExchangeItems);
    rows += await insertInBatches(tx, schema.returnShipments, data.returnShipments);
    rows += await insertInBatches(tx, schema.returnDropoffs, data.returnDropoffs);
    rows += await insertInBatches(tx, schema.returnTags, data.returnTags);
    rows += await insertInBatches(tx, schema.returnGiftCards, data.returnGiftCards);
    rows += await insertInBatches(tx, schema.returnComments, data.returnComments);
    // Derived rows, as migration 0029 derives them for existing data: the tag catalogue and the profiles.
    const demoStoreIds = data.stores.map((store) => store.id as string);
    await catalogueTagsInUse(tx, demoStoreIds);
    await customersFromOrders(tx, demoStoreIds);
    rows += await createDemoTransfers(tx, demoStoreIds);
    rows += await createDemoSuppliers(tx, demoStoreIds);
  });

  return {
    seed,
    anchor,
    stores: summarizeStores(data, apiSecrets),
    staff: summarizeStaff(data, created),
    rows,
    ms: Math.round(performance.now() - started),
  };
}

function summarizeStores(data: DemoData, apiSecrets: ReadonlyMap<string, string>): DemoStoreSummary[] {
  const countBy = <T>(rows: readonly T[], storeOf: (row: T) => string | undefined, storeId: string) =>
    rows.reduce((n, row) => n + (storeOf(row) === storeId ? 1 : 0), 0);
  const shipmentStore = new Map(data.inboundShipments.map((s) => [s.id, s.storeId]));
  const returnStore = new Map(data.returns.map((r) => [r.id, r.storeId]));
  return data.stores.map((store) => {
    const id = store.id as string;
    return {
      id,
      name: store.name,
      currency: store.currency ?? "USD",
      apiSecret: apiSecrets.get(id) ?? "",
      counts: {
        locations: countBy(data.locations, (r) => r.storeId, id),
        products: countBy(data.products, (r) => r.storeId, id),
        variants: countBy(data.productVariants, (r) => r.storeId, id),
        inventoryItems: countBy(data.inventoryItems, (r) => r.storeId, id),
        inboundShipments: countBy(data.inboundShipments, (r) => r.storeId, id),
        inboundShipmentItems: countBy(data.inboundShipmentItems, (r) => shipmentStore.get(r.shipmentId), id),
        orders: countBy(data.orders, (r) => r.storeId, id),
        returns: countBy(data.returns, (r) => r.storeId, id),
        returnComments: countBy(data.returnComments, (r) => returnStore.get(r.returnId), id),
      },
    };
  });
}

function summarizeStaff(data: DemoData, created: ReadonlySet<string>): DemoSummary["staff"] {
  return DEMO_STAFF.map((user, index) => ({
    email: user.email,
    name: user.name,
    password: DEMO_PASSWORD,
    created: created.has(user.email),
    memberships: DEMO_MEMBERSHIPS.filter((m) => m.staff === index).map((m) => ({
      store: data.stores[m.store]?.name ?? `store ${m.store + 1}`,
      role: m.role,
    })),
  }));
}
