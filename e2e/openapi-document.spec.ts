import Ajv2020 from "ajv/dist/2020.js";
import { expect, firstDemoStore, test } from "./support/fixtures";

/**
 * The OpenAPI document on the production server (`npm start`'s, scripts/start.ts) after the process has
 * loaded the modules a long-running server loads: the dispatcher rendering a webhook payload, the routes of
 * webhooks, orders and returns. Built from zod's global registry, which then held two copies of `Money`,
 * the document answered 500 for good; it is built from the operations' own schemas instead.
 */

type OpenApiDocument = {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, unknown> };
};

const unique = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

test("the OpenAPI document and the API reference stay available once the server has rendered payloads", async ({
  request,
  run,
  webhookReceiver,
}) => {
  const store = firstDemoStore(run);
  const auth = { Authorization: `Bearer ${store.apiSecret}` };

  // A webhook and its test event, delivered by the in-process dispatcher (payload rendering).
  const created = await request.post(`/api/v2.2/stores/${store.id}/webhooks`, {
    headers: auth,
    data: { webhook: { callback: { url: `${webhookReceiver.url}/openapi`, auth: null }, topic: "return" } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const webhookId = ((await created.json()) as { webhook: { id: string } }).webhook.id;
  const sent = await request.post(`/api/v2.2/webhooks/${webhookId}/test`, { headers: auth });
  expect(sent.ok(), await sent.text()).toBe(true);
  await webhookReceiver.waitForRequest((received) => received.path === "/openapi");

  // An order and a return of it.
  const orderId = `OPENAPI-${unique()}`;
  const synced = await request.post(`/api/v2.2/stores/${store.id}/custom/orders`, {
    headers: auth,
    data: {
      id: orderId,
      type: "order",
      createdAt: "2026-01-05T10:00:00Z",
      updatedAt: "2026-01-05T10:00:00Z",
      presentmentCurrency: store.currency,
      shopCurrency: store.currency,
      customer: { email: "openapi@example.com", firstName: "Open", lastName: "Api" },
      lineItems: [
        {
          id: `${orderId}-1`,
          quantity: 1,
          priceSet: {
            presentmentMoney: { amount: 10, currency: store.currency },
            shopMoney: { amount: 10, currency: store.currency },
          },
          title: "Probe",
          productId: "OPENAPI-PRODUCT",
          sku: "OPENAPI-SKU",
        },
      ],
      orderDiscounts: [],
      shippingLines: [],
      fulfillments: [],
      shippingAddress: {
        address1: "1 Probe St",
        city: "Reno",
        provinceCode: "NV",
        zip: "89501",
        countryCode: "US",
      },
    },
  });
  expect(synced.ok(), await synced.text()).toBe(true);
  const returned = await request.post(`/api/v2.2/stores/${store.id}/returns`, {
    headers: auth,
    data: {
      data: {
        provider: "custom",
        externalOrderId: orderId,
        items: [{ lineItemId: `${orderId}-1`, quantity: 1, reason: "Too small", compensation: "refund" }],
        shippingAddress: {
          line1: "1 Probe St",
          city: "Reno",
          state: "NV",
          postalCode: "89501",
          country: "US",
        },
      },
    },
  });
  expect(returned.status(), await returned.text()).toBe(201);

  const served = await request.get("/api/v2.2/openapi.json");
  expect(served.status(), await served.text()).toBe(200);
  const document = (await served.json()) as OpenApiDocument;
  expect(document.openapi).toBe("3.1.0");
  expect(document.info.version).toBe("2.2.1");
  expect(document.components.schemas.Money).toBeDefined();
  // Every reference resolves, and every component is a JSON Schema a 2020-12 validator compiles.
  const text = JSON.stringify(document);
  for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
    expect(document.components.schemas, `unresolved $ref ${name}`).toHaveProperty([name as string]);
  }
  const ajv = new Ajv2020({ strict: false });
  ajv.addSchema({ $id: "openapi.json", components: document.components });
  for (const name of Object.keys(document.components.schemas)) {
    expect(() => ajv.getSchema(`openapi.json#/components/schemas/${name}`)).not.toThrow();
  }
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      expect(operation.operationId).toBeTruthy();
      expect(Object.keys(operation.responses).length).toBeGreaterThan(0);
    }
  }

  const reference = await request.get("/docs/api");
  expect(reference.status()).toBe(200);
  expect(await reference.text()).toContain("getReturn");
});
