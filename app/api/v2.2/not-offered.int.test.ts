import { describe, expect, it } from "vitest";
import { contracts } from "@/lib/contracts";
import { callRoute } from "@/lib/testing/api";
import { expectProblem, setupDemoApiTestDatabase } from "@/lib/testing/api-helpers";
import { apiOperations } from "@/lib/testing/api-operations";

/**
 * The published operations Backroom does not offer (lib/contracts/not-offered.ts): each answers an
 * authenticated caller with a 501 problem naming it. Who may call them at all (401, another store's 403)
 * is the cross-tenant suite's, which runs them like every other operation.
 */

const setup = setupDemoApiTestDatabase();

const notOffered = contracts.filter((contract) => contract.notOffered);
const INVOICE_ID = "inv_0000000000000000000000";

describe("Published operations Backroom does not offer", () => {
  it("are the twelve outside a returns and inventory back-office", () => {
    expect(notOffered.map((c) => `${c.method.toUpperCase()} ${c.path}`).sort()).toEqual([
      "GET /invoices/pending/items.csv",
      "GET /invoices/{invoiceId}/items.csv",
      "GET /stores/{storeId}/admin",
      "GET /stores/{storeId}/checkout-buttons-ui",
      "GET /stores/{storeId}/coverage-info",
      "GET /stores/{storeId}/customer-portal",
      "GET /stores/{storeId}/invoices",
      "POST /stores/{storeId}/coverage-products",
      "POST /stores/{storeId}/customer-subscriptions",
      "POST /stores/{storeId}/events",
      "POST /stores/{storeId}/events/bulk",
      "POST /stores/{storeId}/storefront/events",
    ]);
  });

  it.each(
    notOffered.map((contract) => [`${contract.method.toUpperCase()} ${contract.path}`, contract] as const),
  )("%s answers 501 naming the operation", async (name, contract) => {
    const operation = apiOperations.find((op) => op.name === name);
    if (!operation) throw new Error(`${name}: no route`);
    const { id: storeId, secret } = setup().demoA;
    const params = { storeId, invoiceId: INVOICE_ID };
    const path = contract.path.replace(/\{(\w+)\}/g, (_m, key: keyof typeof params) => params[key]);
    const response = await callRoute(operation.handler, params, {
      method: operation.method,
      path,
      secret,
      ...(operation.method === "POST" ? { body: { anything: "is ignored" } } : {}),
    });
    const problem = expectProblem(response, 501, "operation/not-implemented");
    expect(problem.title).toBe("Not Implemented");
    expect(problem.detail).toContain(`"${contract.summary}"`);
    expect(problem.detail).toContain(`${operation.method} ${contract.path}`);
    expect(problem.detail).toContain("Backroom does not offer");
  });
});
