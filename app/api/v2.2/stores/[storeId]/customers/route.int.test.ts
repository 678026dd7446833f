import { and, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders } from "@/lib/db/schema";
import type { Customer } from "@/lib/schemas/customers";
import { callRoute } from "@/lib/testing/api";
import { expectInvalid, expectProblem, setupDemoRouteTest } from "@/lib/testing/api-helpers";
import { checkRequestAgainstPublished, publishedOperations } from "@/lib/testing/published-schema";
import { GET, PUT } from "./route";

const { setup, owner, storeId } = setupDemoRouteTest({ returns: 20 });

type Upserted = { id: string; email: string; created: boolean };
const get = (email: string, auth = owner(), store = storeId()) =>
  callRoute<Customer>(
    GET,
    { storeId: store },
    { path: `/stores/${store}/customers?email=${encodeURIComponent(email)}`, ...auth },
  );
const upsert = (body: unknown, auth = owner()) =>
  callRoute<Upserted>(
    PUT,
    { storeId: storeId() },
    { method: "PUT", path: `/stores/${storeId()}/customers`, body, ...auth },
  );

/** The request examples the package publishes for Customer upsert. */
function publishedExamples(): Record<string, { email: string }> {
  const operation = publishedOperations().find(
    (op) => op.method === "put" && op.path === "/stores/{storeId}/customers",
  );
  if (!operation) throw new Error("the package no longer publishes Customer upsert");
  const { content } = operation.operation.requestBody as { content: Record<string, { examples: object }> };
  const examples = content["application/json"]?.examples as Record<string, { value: { email: string } }>;
  return Object.fromEntries(Object.entries(examples).map(([name, example]) => [name, example.value]));
}

describe("/stores/{storeId}/customers", () => {
  it("the package's examples: create (201), then update custom fields only (200), read back merged", async () => {
    const { create_customer: create, update_custom_fields: update } = publishedExamples();
    if (!create || !update) throw new Error("the package's examples moved");
    for (const body of [create, update]) {
      expect(checkRequestAgainstPublished("put", "/stores/{storeId}/customers", body)).toBeUndefined();
    }
    const created = await upsert(create);
    expect(created.status, created.text).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^cus_/),
      email: "jane@example.com",
      created: true,
    });
    const updated = await upsert(update);
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toEqual({ ...created.body, created: false });

    const read = await get("Jane@Example.com");
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({
      id: created.body.id,
      email: "jane@example.com",
      firstName: "Jane",
      lastName: "Smith",
      phoneNumber: "+11234567890",
      location: { city: "Seattle", stateCode: "WA", latitude: 47.6062 },
      customFields: {
        pricing_plan: "com.example.yearly",
        status: "Cancelled",
        cancellation_reason: "Too expensive",
        loyalty_points: 1250,
        vip_member: true,
      },
    });
  });

  it("a second phone number joins the list (the read answers the first); location merges field by field", async () => {
    await upsert({ email: "phones@example.com", phoneNumber: "+15550000001", location: { city: "Reno" } });
    await upsert({
      email: "phones@example.com",
      phoneNumber: "+15550000002",
      location: { countryCode: "US" },
    });
    const read = (await get("phones@example.com")).body;
    expect(read.phoneNumber).toBe("+15550000001");
    expect(read.location).toEqual({ city: "Reno", countryCode: "US" });
  });

  it("racing upserts of one address make one customer", async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) => upsert({ email: "race@example.com", firstName: `R${index}` })),
    );
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
  });

  it("the demo's order customers have profiles; another store's customer is not found", async () => {
    const { database, demoA } = setup();
    const [order] = await database.db
      .select({ email: orders.customerEmail })
      .from(orders)
      .where(and(eq(orders.storeId, demoA.id), isNotNull(orders.customerEmail)))
      .limit(1);
    if (!order?.email) throw new Error("store A has no order with an e-mail address");
    expect((await get(order.email)).status).toBe(200);
    await upsert({ email: "only-a@example.com" });
    expectProblem(
      await get("only-a@example.com", { secret: setup().demoB.secret }, setup().demoB.id),
      404,
      "customer/not-found",
    );
  });

  it.each([
    ["no email", {}, ["email"]],
    ["a malformed email", { email: "not-an-address" }, ["email"]],
    ["a phone number not in E.164", { email: "a@example.com", phoneNumber: "555-1234" }, ["phoneNumber"]],
    ["an unknown field", { email: "a@example.com", nickname: "J" }, []],
    [
      "a custom field that is an object",
      { email: "a@example.com", customFields: { a: { b: 1 } } },
      ["customFields.a"],
    ],
  ])("PUT with %s: 400 customer/invalid-request", async (_name, body, paths) => {
    expectInvalid(await upsert(body), "customer", paths);
  });

  it("GET without or with a malformed email: 400; an unknown address: 404", async () => {
    expectInvalid(
      await callRoute(GET, { storeId: storeId() }, { path: `/stores/${storeId()}/customers`, ...owner() }),
      "customer",
      ["email"],
    );
    expectInvalid(await get("nope"), "customer", ["email"]);
    expectProblem(await get("nobody@example.com"), 404, "customer/not-found");
  });
});
