import { describe, expect, it } from "vitest";
import { openApiValidator } from "./openapi-validator";
import {
  checkAgainstPublished,
  checkRequestAgainstPublished,
  publishedComponent,
  publishedOperations,
} from "./published-schema";

/**
 * The oracle itself: it reads the package as the package means it, and holds each answer to the right
 * operation. Every check below is a pair, the accepted answer and the refused one, so each can fail.
 */

const PROBLEM = "application/problem+json";

const inventoryItem = (overrides: Record<string, unknown>) => ({
  inventory_item: {
    id: "ii_1",
    sku: "TSH-BLK-M",
    name: "T-shirt",
    kind: "PRODUCT",
    quantity: 3,
    locations: [{ location_id: "loc_1", location_name: "East", quantity: 3 }],
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    ...overrides,
  },
});
const getInventoryItem = (body: unknown) =>
  checkAgainstPublished(
    "GET",
    "/stores/{storeId}/inventory-items/{inventoryItemId}",
    200,
    "application/json",
    body,
  );

const webhook = (overrides: Record<string, unknown>) => ({
  webhook: {
    callback: { url: "https://example.com/hook", auth: null },
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    topic: "return",
    id: "whk_1",
    externalId: null,
    ...overrides,
  },
});
const getWebhook = (body: unknown) =>
  checkAgainstPublished("GET", "/webhooks/{webhookId}", 200, "application/json", body);

const problem = (status: number) => ({
  type: "com.service.api:order/not-found",
  title: "Not Found",
  status,
  detail: "No such order.",
  instance: "urn:request:1",
});

describe("The published-schema oracle", () => {
  it("reads `nullable: true` as this or null, on the nullable field only", () => {
    expect(getInventoryItem(inventoryItem({}))).toBeUndefined();
    expect(getInventoryItem(inventoryItem({ sku: null, name: null }))).toBeUndefined();
    expect(getInventoryItem(inventoryItem({ kind: null }))).toMatch(/does not match.*\/inventory_item\/kind/);
    expect(getInventoryItem(inventoryItem({ quantity: null }))).toMatch(/\/inventory_item\/quantity/);
  });

  it('reads the webhook\'s required "externalId id" as the two names externalId and id', () => {
    expect(getWebhook(webhook({}))).toBeUndefined();
    const withoutId = webhook({});
    delete (withoutId.webhook as Record<string, unknown>).id;
    expect(getWebhook(withoutId)).toMatch(/must have required property 'id'/);
    // The slip's literal name is no substitute for the two it means.
    expect(getWebhook({ webhook: { ...withoutId.webhook, "externalId id": "x" } })).toMatch(
      /must have required property 'id'/,
    );
    const withoutExternalId = webhook({});
    delete (withoutExternalId.webhook as Record<string, unknown>).externalId;
    expect(getWebhook(withoutExternalId)).toMatch(/must have required property 'externalId'/);
  });

  it("holds an answer to the package operation of the same method and path template only", () => {
    const notAnItem = { rows: [] };
    expect(getInventoryItem(notAnItem)).toMatch(/does not match/);
    // Another method on the same path, or another template under it, is not that operation.
    expect(
      checkAgainstPublished(
        "DELETE",
        "/stores/{storeId}/inventory-items/{inventoryItemId}",
        200,
        "application/json",
        notAnItem,
      ),
    ).toBeUndefined();
    expect(
      checkAgainstPublished("GET", "/stores/{storeId}/inventory-items/export", 200, "text/csv", "id\n"),
    ).toBeUndefined();
    // Through the validator, a concrete path finds its own template first: our export is not the
    // package's `{inventoryItemId}` (whose answer is JSON).
    expect(
      openApiValidator().check(
        "GET",
        "/stores/str_x/inventory-items/export",
        200,
        "text/csv; charset=utf-8",
        "id\n",
      ),
    ).toBeUndefined();
  }, 60_000);

  it("reports a success status the package does not list for the operation", () => {
    const updateWebhook = (status: number) =>
      checkAgainstPublished("PUT", "/webhooks/{webhookId}", status, null, undefined);
    expect(updateWebhook(204)).toBeUndefined();
    expect(updateWebhook(200)).toMatch(/answered 200; the package publishes 204/);
    // An error status it does not list is held to its `default` (problem details), not refused.
    expect(checkAgainstPublished("PUT", "/webhooks/{webhookId}", 409, PROBLEM, problem(409))).toBeUndefined();
  });

  it("requires `error` in a problem where the package publishes a JSON error body", () => {
    const getOrder404 = (body: unknown) =>
      checkAgainstPublished("GET", "/stores/{storeId}/orders/{orderId}", 404, PROBLEM, body);
    expect(getOrder404(problem(404))).toMatch(/lacks what the package's error body has: .*'error'/);
    expect(getOrder404({ ...problem(404), error: "No such order." })).toBeUndefined();
    // Where the package's error body is problem details itself, nothing more is asked.
    expect(checkAgainstPublished("GET", "/returns/{returnId}", 404, PROBLEM, problem(404))).toBeUndefined();
    // The interface's `errors` list stays, even where the package's error body has an `errors` object.
    const syncOrder400 = (body: unknown) =>
      checkAgainstPublished("POST", "/stores/{storeId}/custom/orders", 400, PROBLEM, body);
    const invalid = { ...problem(400), errors: [{ path: "id", message: "Required" }] };
    expect(syncOrder400({ ...invalid, error: "Invalid request." })).toBeUndefined();
    expect(syncOrder400(invalid)).toMatch(/lacks/);
  });

  it("tells a request body the package accepts from one it refuses", () => {
    expect(publishedComponent("return-status-update.schema").enum).toContain("complete");
    const updateStatus = (body: unknown) =>
      checkRequestAgainstPublished("PUT", "/returns/{returnId}/status", body);
    expect(updateStatus({ status: "complete" })).toBeUndefined();
    expect(updateStatus({ status: "in_transit" })).toMatch(/refuses this body.*\/status/);
    expect(checkRequestAgainstPublished("PUT", "/returns/{returnId}/export", {})).toMatch(/does not publish/);
  });

  it("publishes the package's 45 operations and the two of the 2.2.1 branches", () => {
    const names = publishedOperations().map((op) => `${op.method.toUpperCase()} ${op.path}`);
    expect(names).toHaveLength(47);
    expect(names).toContain("POST /returns/{returnId}/approve");
    expect(names).toContain("PUT /stores/{storeId}/returns/{returnId}/item-identifiers");
  });
});
