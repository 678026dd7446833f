import { and, asc, eq, gt, isNotNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contracts as operations } from "@/lib/contracts";
import {
  cycleCounts,
  inboundShipmentItems,
  inboundShipments,
  inventoryItems,
  inventoryLevels,
  products,
  productVariants,
  returnShipments,
  returns,
  supplierClaimLines,
  supplierClaims,
} from "@/lib/db/schema";
import { createAlertRule } from "@/lib/domain/alerts/rules";
import { createApiKey } from "@/lib/domain/api-keys";
import { createBin } from "@/lib/domain/bins/bins";
import { upsertCustomer } from "@/lib/domain/customers/profiles";
import { createCycleCount } from "@/lib/domain/cycle-counts/create";
import { moveStockState } from "@/lib/domain/dispositions/stock-states";
import { createInboundShipment } from "@/lib/domain/inbound-shipments/write";
import { createLocation } from "@/lib/domain/locations/locations";
import { createOrder } from "@/lib/domain/orders/create";
import { createFulfillment } from "@/lib/domain/orders/fulfillments";
import { syncOrder } from "@/lib/domain/orders/sync";
import { putReportSchedule } from "@/lib/domain/reports/schedules";
import { createSavedView } from "@/lib/domain/saved-views";
import { addStaffMember } from "@/lib/domain/staff-members";
import { createSupplier } from "@/lib/domain/suppliers/suppliers";
import { createTransfer } from "@/lib/domain/transfers/write";
import { sendTestEvent } from "@/lib/domain/webhooks";
import type { CycleCountStatus, ReturnStatus, SupplierClaimStatus } from "@/lib/enums";
import { newId, type ResourceParam } from "@/lib/ids";
import { orderSyncRequestSchema } from "@/lib/schemas/order-sync";
import { type ApiCall, callRoute } from "@/lib/testing/api";
import {
  expectProblem,
  pickReturn,
  SAME_ORIGIN,
  setupDemoApiTestDatabase,
  TINY_PNG_BASE64,
} from "@/lib/testing/api-helpers";
import { CROSS_TENANT_ORDER } from "@/lib/testing/api-operation-inputs";
import { type ApiOperation, apiOperations, type ResourceIds, unknownIds } from "@/lib/testing/api-operations";
import { type IdsToComplete, withRowOfEveryKind } from "@/lib/testing/kind-rows";
import { staffSessionCookie } from "@/lib/testing/session";

/**
 * One suite over every operation of the API (lib/testing/api-operations.ts), checking what each operation
 * declares for itself: that another store's id is a 404 exactly like an unknown one (or another store's
 * path a 403), and that its role rule holds (refused one role below its access, allowed at it). How the
 * wrapper refuses (credentials, CSRF, revoked secrets, the order of its checks, strings the database cannot
 * store) is tested once in lib/api/route.int.test.ts, and app/api/v2.2/route-exports.test.ts holds every
 * handler to that wrapper. Demo store A owns the resources; B is the other tenant.
 *
 * On PGlite (lib/testing/backends.ts) only the allowed calls run: each operation once, end to end through its
 * route and its transaction on the embedded database, its answer validated against the document (callRoute).
 * That is each write path's happy path on the backend whose driver and single connection can differ; who may
 * call what is decided in code that cannot, and is checked on PostgreSQL.
 */
const onlyAllowedCalls = process.env.BACKROOM_TEST_BACKEND === "pglite";

const setup = setupDemoApiTestDatabase();
let a: ResourceIds;
/** Store A's ids of the kinds that need more than a generated row (lib/testing/kind-rows.ts makes the rest). */
let setUpForA: IdsToComplete;
let unknown: ResourceIds;
const cookies = { viewer: "", editor: "", admin: "", outsider: "" };
/** The viewer session's user: an allowed call on an alert or a report schedule addresses one of theirs. */
let viewerId = "";

/** Calls `op` as `auth` on `storeId` and `ids`, with the operation's valid body unless `auth.body` says otherwise. */
function send(op: ApiOperation, auth: Omit<ApiCall, "path">, storeId = setup().demoA.id, ids = a) {
  const call = {
    body: op.body?.(ids),
    ...auth,
    // A CSV upload says so; the auth's own headers (session cookie, origin) still apply.
    headers: op.csv ? { "content-type": "text/csv", ...auth.headers } : auth.headers,
    method: op.method,
    path: op.path(storeId, ids),
  };
  return callRoute(op.handler, op.params(storeId, ids), call);
}

const session = (cookie: string, extra: Record<string, string> = SAME_ORIGIN) => ({
  headers: { cookie, ...extra },
});

async function createWebhook(): Promise<string> {
  const { demoA } = setup();
  const create = apiOperations.find((op) => op.name === "POST /stores/{storeId}/webhooks") as ApiOperation;
  const response = await callRoute<{ webhook: { id: string } }>(
    create.handler,
    { storeId: demoA.id },
    {
      method: "POST",
      path: `/stores/${demoA.id}/webhooks`,
      secret: demoA.secret,
      body: {
        webhook: {
          callback: { url: "https://hooks.example.com/a", auth: { bearer: { token: "a-token-123456" } } },
          topic: "return",
        },
      },
    },
  );
  expect(response.status).toBe(201);
  return response.body.webhook.id;
}

/** A new editor of store A (an invited user with no other store), for the team operations to address. */
async function newMemberOfA(label: string): Promise<string> {
  const { database, demoA } = setup();
  const email = `${label}-${Math.random().toString(36).slice(2)}@example.com`;
  const added = await addStaffMember(database.db, demoA.id, { email, name: label, role: "editor" });
  return added.member.id;
}

let snapshot: { return: string; webhook: string; webhooks: number; apiSecret: string };
async function state() {
  const { demoA } = setup();
  const read = (name: string, ids = a) =>
    send(
      apiOperations.find((op) => op.name === name) as ApiOperation,
      { secret: demoA.secret },
      demoA.id,
      ids,
    );
  return {
    return: (await read("GET /returns/{returnId}")).text,
    level: (await read("GET /stores/{storeId}/inventory-levels/{inventoryLevelId}")).text,
    movements: (await read("GET /stores/{storeId}/inventory-movements")).text,
    webhook: (await read("GET /webhooks/{webhookId}")).text,
    webhooks: ((await read("GET /stores/{storeId}/webhooks")).body as { webhooks: unknown[] }).webhooks
      .length,
    apiSecret: (
      await send(
        apiOperations.find((op) => op.name === "GET /api-secrets/{apiSecretId}") as ApiOperation,
        session(cookies.admin),
      )
    ).text,
  };
}

beforeAll(async () => {
  const { database, demoA, demoB } = setup();
  const picked = await pickReturn(database.db, demoA.id);
  const [item] = await database.db
    .select({ id: inventoryItems.id, levelId: inventoryLevels.id, locationId: inventoryLevels.locationId })
    .from(inventoryItems)
    .innerJoin(inventoryLevels, eq(inventoryLevels.inventoryItemId, inventoryItems.id))
    .where(and(eq(inventoryItems.storeId, demoA.id), gt(inventoryLevels.quantity, 0)))
    .orderBy(asc(inventoryItems.id))
    .limit(1);
  const [shipment] = await database.db
    .select({ id: inboundShipments.id })
    .from(inboundShipments)
    .where(eq(inboundShipments.storeId, demoA.id))
    .limit(1);
  const comment = apiOperations.find((op) => op.name === "POST /returns/{returnId}/comments") as ApiOperation;
  const image = await callRoute<{ comment: { image: string } }>(
    comment.handler,
    { returnId: picked.returnId },
    {
      method: "POST",
      path: `/returns/${picked.returnId}/comments`,
      secret: demoA.secret,
      body: { comment: { image: TINY_PNG_BASE64 } },
    },
  );
  const webhookId = await createWebhook();
  // The order the create-return probe returns from (lib/testing/api-operations.ts).
  const probeOrder = await syncOrder(database.db, demoA.id, orderSyncRequestSchema.parse(CROSS_TENANT_ORDER));
  const probeFulfillment = await createFulfillment(
    database.db,
    { storeId: demoA.id, orderId: probeOrder.id },
    { lineItems: [{ id: "CT-LINE-1", quantity: 1 }] },
  );
  // The probe order's customer has a profile, for Get customer to find.
  await upsertCustomer(database.db, {
    storeId: demoA.id,
    profile: { email: CROSS_TENANT_ORDER.customer.email },
  });
  // A delivery of store A's webhook, for the operations that address one.
  const delivery = await sendTestEvent(database.db, { webhookId, storeIds: [demoA.id] });
  setUpForA = {
    returnId: picked.returnId,
    itemId: picked.itemIds[0] as string,
    webhookId,
    deliveryId: delivery.id,
    inventoryItemId: item?.id as string,
    imageId: image.body.comment.image.split("/").at(-1) as string,
    apiSecretId: (await createApiKey(database.db, { storeId: demoA.id, name: "cross-tenant target" })).apiKey
      .id,
    staffMemberId: await newMemberOfA("target"),
    locationId: (await createLocation(database.db, demoA.id, { name: "Cross-tenant target" })).id,
    inboundShipmentId: shipment?.id as string,
    shipmentItemId: (
      await database.db
        .select({ id: inboundShipmentItems.id })
        .from(inboundShipmentItems)
        .where(eq(inboundShipmentItems.shipmentId, shipment?.id as string))
        .limit(1)
    )[0]?.id as string,
    inventoryLevelId: item?.levelId as string,
    // A bin where the item has units, so an allowed bin move has something to move (unbinned into it).
    binId: (
      await createBin(
        database.db,
        { storeId: demoA.id, locationId: item?.locationId as string },
        { code: "CT-BIN" },
      )
    ).id,
    binLocationId: item?.locationId as string,
    sku: await productSkuOfA(),
    productId: (await productOfA()).id,
    orderId: probeOrder.id,
    fulfillmentId: probeFulfillment.id,
    tagName: "cross-tenant",
    viewId: await sharedViewOfA(),
    trackingNumber: await trackingNumberOfA(),
  };
  setUpForA.transferId = await draftTransferOfA(setUpForA.locationId as string);
  setUpForA.supplierClaimId = await claimOfA("DRAFT");
  setUpForA.supplierClaimLineId = await claimLineOfA(setUpForA.supplierClaimId);
  a = await withRowOfEveryKind(database.db, demoA.id, setUpForA);
  unknown = unknownIds();
  const viewer = await staffSessionCookie(database.db, [{ storeId: demoA.id, role: "viewer" }]);
  cookies.viewer = viewer.cookie;
  viewerId = viewer.userId;
  cookies.editor = (await staffSessionCookie(database.db, [{ storeId: demoA.id, role: "editor" }])).cookie;
  cookies.admin = (await staffSessionCookie(database.db, [{ storeId: demoA.id, role: "admin" }])).cookie;
  cookies.outsider = (await staffSessionCookie(database.db, [{ storeId: demoB.id, role: "admin" }])).cookie;
  snapshot = await state();
}, 60_000);

it("the table covers every documented operation and the comment image route", () => {
  const names = apiOperations.map((op) => op.name);
  for (const op of operations) expect(names).toContain(`${op.method.toUpperCase()} ${op.path}`);
  expect(names).toContain("GET /comment-images/{imageId}");
  expect(new Set(names).size).toBe(names.length);
});

/** Store A's own credentials for an operation: its API secret, or an admin session for staff-only ones. */
const ownerOfA = (op: ApiOperation, headers: Record<string, string> = {}) =>
  op.staffOnly
    ? { headers: { cookie: cookies.admin, ...SAME_ORIGIN, ...headers } }
    : { secret: setup().demoA.secret, headers };
/** Store B's credentials of the same kind. */
const ownerOfB = (op: ApiOperation) =>
  op.staffOnly ? session(cookies.outsider) : { secret: setup().demoB.secret };

// Registered only where they run: skipped tests would only inflate the PGlite run's count.
const refusalChecks = onlyAllowedCalls ? [] : apiOperations;
describe.each(refusalChecks)("$name", (op) => {
  if (op.resource) {
    it(`another store's id: 404 exactly like an unknown id, for its ${op.staffOnly ? "admin session" : "secret"}`, async () => {
      const { demoB } = setup();
      const key = op.idParam as ResourceParam;
      const resource = op.resource as string;
      const foreign = expectProblem(await send(op, ownerOfB(op), demoB.id, a), 404, `${resource}/not-found`);
      const missing = expectProblem(
        await send(op, ownerOfB(op), demoB.id, unknown),
        404,
        `${resource}/not-found`,
      );
      const shape = (body: typeof foreign, id: string) => [
        body.type,
        body.title,
        body.status,
        body.detail.replaceAll(id, "<id>"),
      ];
      expect(shape(foreign, a[key])).toEqual(shape(missing, unknown[key]));
    });
  } else if (op.store) {
    it(`another store's path: 403 for its ${op.staffOnly ? "admin session" : "secret"}`, async () => {
      expectProblem(await send(op, ownerOfB(op)), 403, "auth/forbidden");
    });
  } else {
    // Neither a store nor a resource to refuse (the invoices 501): the same answer as any caller's.
    it("another store's secret: the same answer as any caller's", async () => {
      expect(op.ok).toContain((await send(op, { secret: setup().demoB.secret })).status);
    });
  }

  const refusedRole = { read: undefined, write: "a viewer", admin: "an editor" }[op.access];
  const refused = [refusedRole, op.staffOnly ? "the store's own secret" : undefined].filter(Boolean);
  // A read open to every member has no role below it: a non-member is the check above.
  if (refused.length > 0) {
    it(`refuses ${refused.join(" and ")} with 403`, async () => {
      if (op.staffOnly) {
        const answer = expectProblem(await send(op, { secret: setup().demoA.secret }), 403, "auth/forbidden");
        expect(answer.detail).toMatch(/API secrets cannot call this operation/);
      }
      if (op.access === "write")
        expectProblem(await send(op, session(cookies.viewer)), 403, "auth/forbidden");
      if (op.access === "admin")
        expectProblem(await send(op, session(cookies.editor)), 403, "auth/forbidden");
    });
  }
});

if (!onlyAllowedCalls) {
  describe("refused requests", () => {
    it("changed nothing of store A's return and webhooks", async () => {
      expect(await state()).toEqual(snapshot);
    });
  });
}

describe.each(apiOperations)("$name", (op) => {
  const allowedRole = { read: "a viewer", write: "an editor", admin: "an admin" }[op.access];
  it(`allows ${allowedRole}${op.staffOnly || op.access !== "admin" ? " session" : " (the store's secret)"}`, async () => {
    const allowed = { read: session(cookies.viewer), write: session(cookies.editor), admin: ownerOfA(op) };
    const ids = await idsForAllowedCall(op);
    const response = await send(op, allowed[op.access], setup().demoA.id, ids);
    expect(op.ok, response.text.slice(0, 300)).toContain(response.status);
  });
});

/** Store A's ids with a fresh resource of each kind a DELETE removes, so an allowed DELETE changes nothing else. */
async function idsToDelete(): Promise<ResourceIds> {
  const { database, demoA } = setup();
  const shipment = await createInboundShipment(
    database.db,
    { storeId: demoA.id, publicUrl: "http://localhost:3000" },
    { location_id: a.locationId, items: [{ sku: a.sku, quantity: 1 }] },
  );
  // A kind without a set-up of its own gets a new row too.
  return withRowOfEveryKind(database.db, demoA.id, {
    ...setUpForA,
    webhookId: await createWebhook(),
    apiSecretId: (await createApiKey(database.db, { storeId: demoA.id, name: "to revoke" })).apiKey.id,
    staffMemberId: await newMemberOfA("to remove"),
    inboundShipmentId: shipment.id,
    // A supplier nothing names (the suite's claim has its own).
    supplierId: (
      await createSupplier(database.db, demoA.id, {
        name: `To remove ${crypto.randomUUID()}`,
        email: "x@probe.example",
      })
    ).id,
    supplierClaimId: a.supplierClaimId,
    // A line of its own, so the claim keeps the suite's line (a draft's last line is not removed).
    supplierClaimLineId: await claimLineOfA(a.supplierClaimId),
    viewId: await sharedViewOfA(),
    alertId: await alertOfViewer(),
    trackingNumber: await trackingNumberOfA(),
    orderId: (
      await createOrder(database.db, demoA.id, {
        orderId: `CT-DELETE-${Math.random().toString(36).slice(2)}`,
        createdAt: "2026-01-05T10:00:00Z",
        lineItems: [{ id: "L1", productId: "CT-PRODUCT", title: "Probe", quantity: 1 }],
      })
    ).id,
  });
}

/** A new alert of the viewer session's on a view shared with store A: the one an allowed call addresses. */
async function alertOfViewer(): Promise<string> {
  const { database, demoA } = setup();
  const alert = await createAlertRule(
    database.db,
    { storeId: demoA.id, userId: viewerId },
    { savedViewId: await sharedViewOfA(), condition: "threshold", threshold: 0, minutes: 0 },
  );
  return alert.id;
}

let viewerViews = 0;

/** A personal view of the viewer session's, with a daily report schedule. */
async function scheduledViewOfViewer(): Promise<string> {
  const { database, demoA } = setup();
  const viewer = { storeId: demoA.id, userId: viewerId, role: "viewer" as const };
  const view = await createSavedView(database.db, viewer, {
    list: "returns",
    name: `Scheduled probe ${++viewerViews}`,
    query: "status=open",
    shared: false,
  });
  await putReportSchedule(database.db, viewer, view.id, { frequency: "daily", time: "06:00" });
  return view.id;
}

let sharedViews = 0;
/** A view shared with store A by one of its members. */
async function sharedViewOfA(): Promise<string> {
  const { database, demoA } = setup();
  const owner = { storeId: demoA.id, userId: await newMemberOfA("view owner"), role: "editor" as const };
  // Shared views' names are unique per list: each call names its own.
  const view = {
    list: "returns" as const,
    name: `Shared probe ${++sharedViews}`,
    query: "status=open",
    shared: true,
  };
  return (await createSavedView(database.db, owner, view)).id;
}

/** The tracking number of a parcel of one of store A's returns (the shipment-status update's path). */
async function trackingNumberOfA(): Promise<string> {
  const { database, demoA } = setup();
  const [parcel] = await database.db
    .select({ tracker: returnShipments.tracker })
    .from(returnShipments)
    .innerJoin(returns, eq(returns.id, returnShipments.returnId))
    .where(and(eq(returns.storeId, demoA.id), isNotNull(returnShipments.tracker)))
    .limit(1);
  if (!parcel?.tracker) throw new Error("store A has no tracked return parcel");
  return parcel.tracker;
}

/**
 * Store A's ids with a new return (of the probe order, so no other test's return moves) set to `status`,
 * and its one item: what a lifecycle move needs to succeed.
 */
async function idsWithReturnIn(status: ReturnStatus): Promise<ResourceIds> {
  const { database, demoA } = setup();
  const create = apiOperations.find((op) => op.name === "POST /stores/{storeId}/returns") as ApiOperation;
  const created = await send(create, { secret: demoA.secret });
  expect(created.status, created.text.slice(0, 300)).toBe(201);
  const made = (created.body as { return: { id: string; items: { id: string }[] } }).return;
  await database.db.update(returns).set({ status }).where(eq(returns.id, made.id));
  return { ...a, returnId: made.id, itemId: made.items[0]?.id as string };
}

/**
 * A draft transfer of one unit of a catalog product store A holds unbinned, to `destinationId`: what shipping
 * (and cancelling) needs to succeed.
 */
async function draftTransferOfA(destinationId: string): Promise<string> {
  const { database, demoA } = setup();
  const [stocked] = await database.db
    .select({ id: inventoryItems.id, locationId: inventoryLevels.locationId })
    .from(inventoryItems)
    .innerJoin(inventoryLevels, eq(inventoryLevels.inventoryItemId, inventoryItems.id))
    .where(
      and(
        eq(inventoryItems.storeId, demoA.id),
        eq(inventoryItems.kind, "PRODUCT"),
        isNotNull(inventoryItems.variantId),
        gt(inventoryLevels.quantity, 0),
        sql`not exists (select 1 from bin_stock b where b.inventory_item_id = ${inventoryItems.id} and b.quantity > 0)`,
      ),
    )
    .orderBy(asc(inventoryItems.id))
    .limit(1);
  if (!stocked) throw new Error("store A has no unbinned catalog stock to transfer");
  const transfer = await createTransfer(
    database.db,
    { storeId: demoA.id, actor: { name: "cross-tenant" } },
    {
      origin_location_id: stocked.locationId,
      destination_location_id: destinationId,
      lines: [{ inventory_item_id: stocked.id, quantity: 1 }],
    },
  );
  return transfer.id;
}

/** Store A's ids with a new count of its SKU (nothing counted) set to `status`: what a count operation needs. */
async function idsWithCountIn(status: CycleCountStatus): Promise<ResourceIds> {
  const { database, demoA } = setup();
  const made = await createCycleCount(database.db, {
    storeId: demoA.id,
    request: { location_id: a.binLocationId, scope: { type: "skus", skus: [a.sku] } },
    actor: { name: "Cross-tenant probe" },
  });
  await database.db.update(cycleCounts).set({ status }).where(eq(cycleCounts.id, made.cycle_count.id));
  return { ...a, cycleCountId: made.cycle_count.id };
}

/**
 * A claim of store A in `status`, to a supplier of its own (a supplier has one DRAFT claim at most, so each
 * claim gets a new supplier; one nothing else names, so deleting it is allowed).
 */
async function claimOfA(status: SupplierClaimStatus): Promise<string> {
  const { database, demoA } = setup();
  const supplier = await createSupplier(database.db, demoA.id, {
    name: `Cross-tenant ${crypto.randomUUID()}`,
    email: "claims@probe.example",
  });
  const id = newId("supplierClaim");
  await database.db.insert(supplierClaims).values({
    id,
    storeId: demoA.id,
    supplierId: supplier.id,
    status,
    currency: "USD",
    dueDate: "2030-01-01",
  });
  return id;
}

/** A line of 2 units added by hand to store A's claim (an edit may lower it to 1). */
async function claimLineOfA(supplierClaimId: string): Promise<string> {
  const id = newId("supplierClaimLine");
  await setup().database.db.insert(supplierClaimLines).values({
    id,
    claimId: supplierClaimId,
    reason: "damaged",
    source: "manual",
    title: "Cross-tenant probe",
    quantity: 2,
    unitCost: "1.00",
  });
  return id;
}

/** The ids an allowed call of `op` addresses: fresh ones where the call removes or moves its subject. */
async function idsForAllowedCall(op: ApiOperation): Promise<ResourceIds> {
  // A report schedule is its view's owner's alone: the allowed caller (a viewer) gets a scheduled view of their own.
  if (op.path("s", a).endsWith("/report-schedule")) return { ...a, viewId: await scheduledViewOfViewer() };
  if (op.method === "DELETE") return idsToDelete();
  // An alert is its owner's alone: the allowed caller (a viewer) changes one of their own.
  if (op.idParam === "alertId") return { ...a, alertId: await alertOfViewer() };
  // Shipping and cancelling each need a draft of their own (the suite's one stays a draft for the PATCH).
  if (op.method === "POST" && op.idParam === "transferId")
    return { ...a, transferId: await draftTransferOfA(a.locationId) };
  if (op.supplierClaimStatus) return { ...a, supplierClaimId: await claimOfA(op.supplierClaimStatus) };
  if (op.returnStatus) return idsWithReturnIn(op.returnStatus);
  if (op.cycleCountStatus) return idsWithCountIn(op.cycleCountStatus);
  if (op.name === "POST /stores/{storeId}/inventory-items/{inventoryItemId}/stock-state-write-offs") {
    // A unit in quarantine to write off, whatever order the operations run in.
    await moveStockState(setup().database.db, {
      storeId: setup().demoA.id,
      inventoryItemId: a.inventoryItemId,
      move: {
        location_id: a.binLocationId,
        from_state: "sellable",
        from_bin_id: null,
        to_state: "quarantine",
        to_bin_id: null,
        quantity: 1,
      },
      actor: { name: "cross-tenant setup" },
    });
  }
  return a;
}

/** One of store A's products. */
async function productOfA() {
  const { database, demoA } = setup();
  const [product] = await database.db.select().from(products).where(eq(products.storeId, demoA.id)).limit(1);
  if (!product) throw new Error("store A has no product");
  return product;
}

/** The SKU of one of store A's catalog variants. */
async function productSkuOfA(): Promise<string> {
  const { database, demoA } = setup();
  const [variant] = await database.db
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(and(eq(productVariants.storeId, demoA.id), isNotNull(productVariants.sku)))
    .limit(1);
  return variant?.sku as string;
}
