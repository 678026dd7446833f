import { and, asc, eq, isNotNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  orders,
  productVariants,
  returnImports,
  returnItems,
  returnShipments,
  returns,
} from "@/lib/db/schema";
import { getCustomerByEmail } from "@/lib/domain/customers/profiles";
import { UNKNOWN_CUSTOMER_EMAIL } from "@/lib/domain/returns/serialize";
import { callRoute } from "@/lib/testing/api";
import { expectInvalid, expectProblem, setupDemoRouteTest } from "@/lib/testing/api-helpers";
import { checkRequestAgainstPublished } from "@/lib/testing/published-schema";
import { GET as GET_RETURN } from "../../../../returns/[returnId]/route";
import { POST } from "./route";

const { setup, cookies, owner, storeId } = setupDemoRouteTest({ returns: 20 });

type Result =
  | { index: number; status: "created"; returnId: string }
  | { index: number; status: "error"; error: string };
type Answer = { totalCount: number; processedCount: number; errorCount: number; results: Result[] };
const importReturns = (body: unknown, auth = owner()) =>
  callRoute<Answer>(
    POST,
    { storeId: storeId() },
    { method: "POST", path: `/stores/${storeId()}/returns/bulk`, body, ...auth },
  );

let variant: { id: string; productId: string; sku: string };
beforeAll(async () => {
  const [row] = await setup()
    .database.db.select({
      id: productVariants.id,
      productId: productVariants.productId,
      sku: productVariants.sku,
    })
    .from(productVariants)
    .where(and(eq(productVariants.storeId, storeId()), isNotNull(productVariants.sku)))
    .orderBy(asc(productVariants.id))
    .limit(1);
  if (!row?.sku) throw new Error("store A has no variant with a SKU");
  variant = { ...row, sku: row.sku };
});

const created = (answer: Answer, index: number) => {
  const result = answer.results[index];
  if (result?.status !== "created")
    throw new Error(`entry ${index} was not created: ${JSON.stringify(result)}`);
  return result.returnId;
};

describe("POST /stores/{storeId}/returns/bulk (Import returns)", () => {
  it("imports a package-shaped return: open, its items, tracking, notes, the customer's profile", async () => {
    const { database } = setup();
    const body = {
      returns: [
        {
          products: [
            {
              productId: variant.productId,
              sku: variant.sku,
              quantity: 2,
              reason: "Too small",
              condition: "New",
            },
          ],
          customer: { firstName: "Ada", lastName: "Import", email: "ada.import@example.com" },
          externalReferenceId: "RMA-1001",
          trackingNumber: "1Z999AA10123456784",
          carrier: "UPS",
          notes: "Scanned at the dock",
          idempotencyKey: "import-1001",
          currency: "USD",
          shippingAddress: {
            line1: "1 Main St",
            city: "Reno",
            state: "NV",
            postalCode: "89501",
            country: "US",
          },
        },
      ],
    };
    expect(checkRequestAgainstPublished("post", "/stores/{storeId}/returns/bulk", body)).toBeUndefined();
    const answer = await importReturns(body);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ totalCount: 1, processedCount: 1, errorCount: 0 });
    const returnId = created(answer.body, 0);
    const [imported] = await database.db.select().from(returns).where(eq(returns.id, returnId));
    expect(imported?.status).toBe("open");
    const items = await database.db.select().from(returnItems).where(eq(returnItems.returnId, returnId));
    expect(items.map(({ quantity, reason, sku }) => ({ quantity, reason, sku }))).toEqual([
      { quantity: 2, reason: "Too small", sku: variant.sku },
    ]);
    const parcels = await database.db
      .select()
      .from(returnShipments)
      .where(eq(returnShipments.returnId, returnId));
    expect(parcels.map((parcel) => [parcel.tracker, parcel.carrier])).toEqual([
      ["1Z999AA10123456784", "UPS"],
    ]);
    const [order] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.id, imported?.orderId ?? ""));
    expect(order?.tags).toEqual(["imported-return"]);
    expect(
      await getCustomerByEmail(database.db, { storeId: storeId(), email: "ada.import@example.com" }),
    ).toMatchObject({ firstName: "Ada", lastName: "Import" });

    // The same idempotency key again answers the same return and makes nothing.
    const replay = await importReturns(body);
    expect(created(replay.body, 0)).toBe(returnId);
    const imports = await database.db
      .select()
      .from(returnImports)
      .where(eq(returnImports.returnId, returnId));
    expect(imports).toHaveLength(1);
  });

  it("imports a return without a customer; it reads back with the reserved unknown-customer address", async () => {
    const answer = await importReturns({ returns: [{ products: [{ productId: variant.id, quantity: 1 }] }] });
    expect(answer.status, answer.text).toBe(200);
    const returnId = created(answer.body, 0);
    // callRoute holds the answer to the package's return, which requires an e-mail here.
    const read = await callRoute<{ return: { source: { emailAddress: string } } }>(
      GET_RETURN,
      { returnId },
      { method: "GET", path: `/returns/${returnId}`, ...owner() },
    );
    expect(read.status, read.text).toBe(200);
    expect(read.body.return.source.emailAddress).toBe(UNKNOWN_CUSTOMER_EMAIL);
  });

  it("answers each entry on its own: an unknown product and a reused reference are errors, the rest created", async () => {
    await importReturns({
      returns: [{ products: [{ productId: variant.id, quantity: 1 }], externalReferenceId: "RMA-2001" }],
    });
    const answer = await importReturns({
      returns: [
        { products: [{ productId: "prd_unknown", quantity: 1 }] },
        { products: [{ productId: variant.id, quantity: 1 }], externalReferenceId: "RMA-2001" },
        { products: [{ productId: variant.id, quantity: 1 }], externalReferenceId: "RMA-2002" },
      ],
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ totalCount: 3, processedCount: 1, errorCount: 2 });
    expect(answer.body.results.map((result) => [result.index, result.status])).toEqual([
      [0, "error"],
      [1, "error"],
      [2, "created"],
    ]);
    expect(answer.body.results[0]).toMatchObject({ error: expect.stringMatching(/products\.0\.productId/) });
    expect(answer.body.results[1]).toMatchObject({ error: expect.stringMatching(/already imported/) });
  });

  it("two imports racing with one reference make one return", async () => {
    const body = {
      returns: [{ products: [{ productId: variant.id, quantity: 1 }], externalReferenceId: "RMA-RACE" }],
    };
    const answers = await Promise.all([importReturns(body), importReturns(body), importReturns(body)]);
    const statuses = answers.map((answer) => answer.body.results[0]?.status);
    expect(statuses.filter((status) => status === "created")).toHaveLength(1);
    const rows = await setup()
      .database.db.select()
      .from(returnImports)
      .where(and(eq(returnImports.storeId, storeId()), eq(returnImports.externalReferenceId, "RMA-RACE")));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ["no returns", { returns: [] }, ["returns"]],
    ["a return without products", { returns: [{ products: [] }] }, ["returns.0.products"]],
    [
      "a quantity of 0",
      { returns: [{ products: [{ productId: "prd_x", quantity: 0 }] }] },
      ["returns.0.products.0.quantity"],
    ],
    [
      "101 returns",
      { returns: Array.from({ length: 101 }, () => ({ products: [{ productId: "prd_x", quantity: 1 }] })) },
      ["returns"],
    ],
  ])("%s: 400 return/invalid-request", async (_name, body, paths) => {
    expectInvalid(await importReturns(body), "return", paths);
  });

  it("a viewer may not import; an editor may", async () => {
    const body = { returns: [{ products: [{ productId: variant.id, quantity: 1 }] }] };
    expectProblem(await importReturns(body, { cookie: cookies.viewer }), 403, "auth/forbidden");
    const editor = await importReturns(body, { cookie: cookies.editor });
    expect(editor.body.processedCount).toBe(1);
  });
});
