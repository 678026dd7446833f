import { and, eq, isNotNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contracts as operations } from "@/lib/contracts";
import {
  inboundShipmentItems,
  inboundShipments,
  inventoryItems,
  inventoryLevels,
  products,
  productVariants,
  returnShipments,
  returns,
} from "@/lib/db/schema";
import { createApiKey, revokeApiKey } from "@/lib/domain/api-keys";
import { upsertCustomer } from "@/lib/domain/customers/profiles";
import { createInboundShipment } from "@/lib/domain/inbound-shipments/write";
import { createLocation } from "@/lib/domain/locations/locations";
import { createOrder } from "@/lib/domain/orders/create";
import { createFulfillment } from "@/lib/domain/orders/fulfillments";
import { syncOrder } from "@/lib/domain/orders/sync";
import { createSavedView } from "@/lib/domain/saved-views";
import { addStaffMember } from "@/lib/domain/staff-members";
import { sendTestEvent } from "@/lib/domain/webhooks";
import type { ReturnStatus } from "@/lib/enums";
import { orderSyncRequestSchema } from "@/lib/schemas/order-sync";
import { type ApiCall, callRoute } from "@/lib/testing/api";
import {
  expectProblem,
  pickReturn,
  randomApiSecret,
  SAME_ORIGIN,
  setupDemoApiTestDatabase,
  TINY_PNG_BASE64,
  unknownId,
} from "@/lib/testing/api-helpers";
import { CROSS_TENANT_ORDER } from "@/lib/testing/api-operation-inputs";
import { type ApiOperation, apiOperations, type ResourceIds } from "@/lib/testing/api-operations";
import { staffSessionCookie } from "@/lib/testing/session";

/**
 * One suite over every operation of the API (lib/testing/api-operations.ts): who may call it, and that
 * everybody else is refused the same way, whatever the route. Demo store A owns the resources; B is
 * the other tenant.
 */

const setup = setupDemoApiTestDatabase();
let a: ResourceIds;
let unknown: ResourceIds;
const cookies = { viewer: "", editor: "", admin: "", outsider: "" };

const ID_OF = {
  return: "returnId",
  webhook: "webhookId",
  "inventory-item": "inventoryItemId",
  "comment-image": "imageId",
  "api-secret": "apiSecretId",
  "staff-member": "staffMemberId",
  location: "locationId",
  "inbound-shipment": "inboundShipmentId",
  "inventory-level": "inventoryLevelId",
  product: "productId",
  order: "orderId",
  "saved-view": "savedViewId",
  "return-shipment": "trackingNumber",
} as const;

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
    .select({ id: inventoryItems.id, levelId: inventoryLevels.id })
    .from(inventoryItems)
    .innerJoin(inventoryLevels, eq(inventoryLevels.inventoryItemId, inventoryItems.id))
    .where(eq(inventoryItems.storeId, demoA.id))
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
  a = {
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
    sku: await productSkuOfA(),
    productId: (await productOfA()).id,
    orderId: probeOrder.id,
    fulfillmentId: probeFulfillment.id,
    tagName: "cross-tenant",
    savedViewId: await sharedViewOfA(),
    trackingNumber: await trackingNumberOfA(),
  };
  unknown = {
    returnId: unknownId("ret"),
    itemId: unknownId("rti"),
    webhookId: unknownId("whk"),
    deliveryId: unknownId("dlv"),
    inventoryItemId: unknownId("ii"),
    imageId: unknownId("img"),
    apiSecretId: unknownId("key"),
    staffMemberId: unknownId("usr"),
    locationId: unknownId("loc"),
    inboundShipmentId: unknownId("inb"),
    shipmentItemId: unknownId("isp"),
    inventoryLevelId: unknownId("li"),
    sku: "NO-SUCH-SKU",
    productId: unknownId("prd"),
    orderId: unknownId("ord"),
    fulfillmentId: unknownId("ful"),
    tagName: "no-such-tag",
    savedViewId: unknownId("svw"),
    trackingNumber: "NO-SUCH-TRACKING",
  };
  cookies.viewer = (await staffSessionCookie(database.db, [{ storeId: demoA.id, role: "viewer" }])).cookie;
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

const storeOps = apiOperations.filter((op) => op.store);
const staffOnlyOps = apiOperations.filter((op) => op.staffOnly);
const resourceOps = apiOperations.filter((op) => op.resource);
const adminOps = apiOperations.filter((op) => op.access === "admin");
const writeOps = apiOperations.filter((op) => op.access === "write");
const readOps = apiOperations.filter((op) => op.access === "read");
const mutatingOps = apiOperations.filter((op) => op.method !== "GET");

describe.each(apiOperations)("$name refuses", (op) => {
  it("no credentials: 401 auth/unauthorized with WWW-Authenticate: Bearer", async () => {
    const response = await send(op, {});
    expectProblem(response, 401, "auth/unauthorized");
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
  });

  it.each([
    ["Basic x"],
    ["Bearer"],
    ["Bearer "],
    ["Token brk_x"],
    [`Bearer ${randomApiSecret()}`],
    ["Bearer brk_short"],
  ])("Authorization %j: 401", async (authorization) => {
    const response = await send(op, { headers: { authorization } });
    expectProblem(response, 401, "auth/unauthorized");
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
  });

  it(`a viewer session: ${op.access === "read" ? "allowed" : "403"}`, async () => {
    const response = await send(op, session(cookies.viewer));
    if (op.access === "read") expect(op.ok).toContain(response.status);
    else expectProblem(response, 403, "auth/forbidden");
  });

  it(`a session without membership in store A: ${op.store ? "403" : op.resource ? "404" : "as anyone"}`, async () => {
    const response = await send(op, session(cookies.outsider));
    if (op.store) expectProblem(response, 403, "auth/forbidden");
    else if (op.resource) expectProblem(response, 404, `${op.resource}/not-found`);
    // Neither a store nor a resource to refuse (the invoice 501s): the same answer as any caller's.
    else expect(op.ok).toContain(response.status);
  });

  it("a revoked secret: 401", async () => {
    const { database, demoA } = setup();
    const { apiKey, secret } = await createApiKey(database.db, {
      storeId: demoA.id,
      name: `revoked ${op.name}`,
    });
    // The key works (and is now in the authentication cache) until it is revoked.
    const read = apiOperations.find((o) => o.name === "GET /returns/{returnId}") as ApiOperation;
    expect((await send(read, { secret })).status).toBe(200);
    await revokeApiKey(database.db, demoA.id, apiKey.id);
    expectProblem(await send(op, { secret }), 401, "auth/unauthorized");
  });
});

describe.each(storeOps)("$name on store A's path", (op) => {
  it("with store B's secret: 403 auth/forbidden", async () => {
    expectProblem(await send(op, { secret: setup().demoB.secret }), 403, "auth/forbidden");
  });
});

describe.each(staffOnlyOps)("$name (staff only)", (op) => {
  it("refuses store A's own secret with 403, whatever the id", async () => {
    const { demoA } = setup();
    const refused = expectProblem(await send(op, { secret: demoA.secret }), 403, "auth/forbidden");
    expect(refused.detail).toMatch(/API secrets cannot call this operation/);
    expectProblem(await send(op, { secret: demoA.secret }, demoA.id, unknown), 403, "auth/forbidden");
  });
});

describe.each(resourceOps)("$name on store A's resource", (op) => {
  it(`with store B's ${op.staffOnly ? "admin session" : "secret"}: 404 exactly like an unknown id`, async () => {
    const { demoB } = setup();
    const resource = op.resource as keyof typeof ID_OF;
    const key = ID_OF[resource];
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
});

describe.each(adminOps)("$name (admin only)", (op) => {
  it("refuses an editor session with 403", async () => {
    expectProblem(await send(op, session(cookies.editor)), 403, "auth/forbidden");
  });
});

describe.each(mutatingOps)("$name (CSRF)", (op) => {
  it.each([
    ["no Origin", {}],
    ["a foreign Origin", { origin: "https://evil.example", host: "localhost:3000" }],
    ["Origin null", { origin: "null", host: "localhost:3000" }],
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site", host: "localhost:3000" }],
  ])("refuses an editor session with %s: 403", async (_name, extra) => {
    expectProblem(await send(op, session(cookies.editor, extra)), 403, "auth/forbidden");
  });
});

const idWrites = resourceOps.filter((op) => op.body && !op.store);
const bodyWrites = resourceOps.filter((op) => op.body);

describe.each(bodyWrites)("$name", (op) => {
  it.each([
    ["malformed JSON", "{", {}],
    ["a text/plain body", "{}", { "content-type": "text/plain" }],
  ])(
    "an unknown id with %s: 404, as docs/api.md orders the checks (path ids before body)",
    async (_n, body, headers) => {
      const response = await send(op, { ...ownerOfA(op, headers), body }, setup().demoA.id, unknown);
      expectProblem(response, 404, `${op.resource}/not-found`);
    },
  );
});

describe.each(idWrites)("$name", (op) => {
  it("a viewer session with an invalid body: 403 (decisions §2), not a 400 about a write it may not make", async () => {
    expectProblem(await send(op, { body: "{", ...session(cookies.viewer) }), 403, "auth/forbidden");
  });
});

/** Every string leaf of a JSON value, by dotted path. */
function stringPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value === "string") return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringPaths(item, [...path, String(i)]));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  }
  return [];
}

/** `value` with `suffix` appended to the string at `path`. */
function withSuffix(value: unknown, path: string[], suffix: string): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = path.at(-1) as string;
  node[last] = `${node[last] as string}${suffix}`;
  return copy;
}

// JSON bodies; a CSV import refuses such cells itself (its own tests).
describe.each(apiOperations.filter((op) => op.body && !op.csv))(
  "$name (strings the database cannot store)",
  (op) => {
    it.each([
      ["U+0000", "\u0000"],
      ["a lone surrogate", "\ud800"],
    ])("refuses %s in any string of the body with a 400 naming the field", async (_name, bad) => {
      const body = op.body?.(a);
      const paths = stringPaths(body);
      const cases = paths.length > 0 ? paths.map((p) => [p, withSuffix(body, p, bad)] as const) : [];
      // A body without strings still gets the check, before its schema refuses the extra key.
      cases.push([["probe"], { ...(body as object), probe: bad }]);
      for (const [path, sent] of cases) {
        const response = await send(op, { ...ownerOfA(op), body: sent });
        const problem = expectProblem(response, 400, `${problemArea(response)}/invalid-request`);
        expect(
          problem.errors?.map((e) => e.path),
          path.join("."),
        ).toEqual([path.join(".")]);
      }
    });
  },
);

describe.each(apiOperations.filter((op) => op.method === "GET"))("$name (query)", (op) => {
  it("refuses U+0000 in a query parameter with a 400 naming it, before any SQL", async () => {
    // Replaces an operation's own `q` (search requires one) rather than sending it twice.
    const base = op.path(setup().demoA.id, a).replace(/[?&]q=[^&]*/, "");
    const path = `${base}${base.includes("?") ? "&" : "?"}q=%00`;
    const refused = await callRoute(op.handler, op.params(setup().demoA.id, a), {
      ...ownerOfA(op),
      method: "GET",
      path,
    });
    const problem = expectProblem(refused, 400, `${problemArea(refused)}/invalid-request`);
    expect(problem.errors?.map((e) => e.path)).toEqual(["q"]);
  });
});

/** The `<area>` of a problem type (`com.service.api:<area>/<code>`). */
function problemArea(response: { body: unknown }): string {
  const type = (response.body as { type?: string }).type ?? "";
  return type.replace(/^com\.service\.api:/, "").split("/")[0] ?? "";
}

describe("refused requests", () => {
  it("changed nothing of store A's return and webhooks", async () => {
    expect(await state()).toEqual(snapshot);
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
  return {
    ...a,
    webhookId: await createWebhook(),
    apiSecretId: (await createApiKey(database.db, { storeId: demoA.id, name: "to revoke" })).apiKey.id,
    staffMemberId: await newMemberOfA("to remove"),
    inboundShipmentId: shipment.id,
    savedViewId: await sharedViewOfA(),
    trackingNumber: await trackingNumberOfA(),
    orderId: (
      await createOrder(database.db, demoA.id, {
        orderId: `CT-DELETE-${Math.random().toString(36).slice(2)}`,
        createdAt: "2026-01-05T10:00:00Z",
        lineItems: [{ id: "L1", productId: "CT-PRODUCT", title: "Probe", quantity: 1 }],
      })
    ).id,
  };
}

/** A view shared with store A by one of its members. */
async function sharedViewOfA(): Promise<string> {
  const { database, demoA } = setup();
  const owner = { storeId: demoA.id, userId: await newMemberOfA("view owner"), role: "editor" as const };
  const view = { list: "returns" as const, name: "Shared probe", query: "status=open", shared: true };
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

/** The ids an allowed call of `op` addresses: fresh ones where the call removes or moves its subject. */
async function idsForAllowedCall(op: ApiOperation): Promise<ResourceIds> {
  if (op.method === "DELETE") return idsToDelete();
  if (op.returnStatus) return idsWithReturnIn(op.returnStatus);
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

describe.each(apiOperations)("$name allows", (op) => {
  it(`store A's own ${op.staffOnly ? "admin session" : "secret"}, echoing a sane X-Request-Id`, async () => {
    const { demoA } = setup();
    const ids = await idsForAllowedCall(op);
    const requestId = `ct-${op.method}-${op.path.length}`;
    const response = await send(op, ownerOfA(op, { "X-Request-Id": requestId }), demoA.id, ids);
    expect(op.ok, response.text.slice(0, 300)).toContain(response.status);
    expect(response.headers.get("x-request-id")).toBe(requestId);
  });
});

describe.each(writeOps)("$name allows an editor", (op) => {
  it("session with a same-origin Origin", async () => {
    const ids = await idsForAllowedCall(op);
    const response = await send(op, session(cookies.editor), setup().demoA.id, ids);
    expect(op.ok, response.text.slice(0, 300)).toContain(response.status);
  });
});

describe.each(readOps)("$name allows an editor", (op) => {
  it("session to read, without any Origin", async () => {
    const response = await send(op, session(cookies.editor, {}));
    expect(op.ok).toContain(response.status);
    expect(response.headers.get("x-request-id")).toMatch(/^[A-Za-z0-9._:-]+$/);
  });
});
