import { describe, expect, it } from "vitest";
import { checkAgainstReference } from ".";

const address = { line1: "1 Main St", city: "Springfield", state: "IL", postalCode: "62701", country: "US" };
const order = {
  id: "ord_1",
  name: "#1001",
  customer: { name: { given: "Ada", surname: "Lovelace" } },
  items: [],
};
const returnBody = {
  id: "ret_1",
  status: "open",
  createdAt: "2026-01-02T03:04:05.000Z",
  updatedAt: "2026-01-02T03:04:05.000Z",
  order: { id: "ord_1" },
  destination: { mailingAddress: address },
  source: {
    emailAddress: "ada@example.com",
    mailingAddress: address,
    name: { given: "Ada", surname: "Lovelace" },
    phoneNumber: "+15555550100",
  },
  items: [{ id: "rit_1", orderItem: { id: "oli_1" }, quantity: 1, reason: "Too big" }],
  giftCards: [],
};
const webhook = {
  id: "wh_1",
  callback: { url: "https://example.com/hook", auth: null },
  topic: "return",
  kind: "snapshot",
  externalId: null,
  createdAt: "2026-01-02T03:04:05.000Z",
  updatedAt: "2026-01-02T03:04:05.000Z",
};

describe("published-schema check", () => {
  it("accepts a Get return body that has everything the published schema requires", () => {
    expect(checkAgainstReference("getReturn", 200, { return: returnBody, order })).toBeUndefined();
  });

  it("names what is missing or out of range, with its JSON path", () => {
    const { giftCards: _, ...withoutGiftCards } = returnBody;
    expect(checkAgainstReference("getReturn", 200, { return: withoutGiftCards, order })).toMatch(
      /\/return must have required property 'giftCards'/,
    );
    expect(checkAgainstReference("getReturn", 200, { return: returnBody })).toMatch(/'order'/);
    const zeroQuantity = { ...returnBody, items: [{ ...returnBody.items[0], quantity: 0 }] };
    expect(checkAgainstReference("listReturns", 200, { returns: [zeroQuantity], orders: [order] })).toMatch(
      /\/returns\/0\/items\/0\/quantity/,
    );
    expect(checkAgainstReference("listReturns", 200, { returns: [returnBody] })).toMatch(/'orders'/);
  });

  it("tolerates the listed differences only at their exact paths", () => {
    const ours = {
      ...returnBody,
      items: [
        {
          ...returnBody.items[0],
          refund: { amount: { amount: "12.50", currency: "USD" }, type: "store_credit" },
        },
      ],
      shipment: { status: "unknown" },
    };
    expect(checkAgainstReference("getReturn", 200, { return: ours, order })).toBeUndefined();
    // The same refund without `amount` is not a listed difference.
    const noAmount = { ...returnBody, items: [{ ...returnBody.items[0], refund: { type: "refund" } }] };
    expect(checkAgainstReference("getReturn", 200, { return: noAmount, order })).toMatch(
      /refund must have required property 'amount'/,
    );
  });

  it("holds webhooks to https callbacks, the published topics and a present externalId", () => {
    expect(checkAgainstReference("getWebhook", 200, { webhook })).toBeUndefined();
    expect(checkAgainstReference("createOrUpdateWebhook", 201, { webhook })).toBeUndefined();
    const http = { ...webhook, callback: { url: "http://example.com/hook", auth: null } };
    expect(checkAgainstReference("listWebhooks", 200, { webhooks: [http] })).toMatch(/callback\/url/);
    const { externalId: _, ...noExternalId } = webhook;
    expect(checkAgainstReference("getWebhook", 200, { webhook: noExternalId })).toMatch(/'externalId'/);
    expect(checkAgainstReference("getWebhook", 200, { webhook: { ...webhook, topic: "order" } })).toMatch(
      /\/webhook\/topic/,
    );
  });

  it("holds comments to one of the two published variants", () => {
    expect(
      checkAgainstReference("createReturnComment", 201, { comment: { message: "Worn." } }),
    ).toBeUndefined();
    expect(checkAgainstReference("createReturnComment", 201, { comment: {} })).toMatch(/\/comment/);
  });

  it("holds inbound shipments and inventory items to their published list shapes", () => {
    expect(checkAgainstReference("listInboundShipments", 200, { anything: 1 })).toMatch(/inbound_shipments/);
    const item = {
      id: "ii_1",
      sku: null,
      name: null,
      kind: "PRODUCT",
      quantity: 0,
      locations: [{ location_id: "loc_1", location_name: "A", quantity: 0 }],
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-01T00:00:00.000Z",
    };
    const problems = checkAgainstReference("getInventoryItem", 200, { inventory_item: item });
    expect(problems).toMatch(/lot_number/);
    expect(problems).toMatch(/\/locations\/0 must have required property 'bin'/);
    const complete = {
      ...item,
      lot_number: null,
      expiration_date: null,
      locations: [{ ...item.locations[0], bin: null }],
    };
    expect(checkAgainstReference("getInventoryItem", 200, { inventory_item: complete })).toBeUndefined();
    expect(
      checkAgainstReference("getInventoryItem", 200, { inventory_item: { ...complete, kind: "LOT" } }),
    ).toMatch(/kind/);
  });

  it("does not judge operations or statuses the published schemas do not have", () => {
    expect(checkAgainstReference("listLocations", 200, { anything: 1 })).toBeUndefined();
    expect(checkAgainstReference("getStore", 200, { anything: 1 })).toBeUndefined();
    expect(checkAgainstReference("getReturn", 404, { type: "x" })).toBeUndefined();
  });
});
