import { type Auth, call, type Instance, must, signIn } from "./api";

/**
 * What the test needs in its store, made through the API of both instances (the store and its admin come
 * from `npm run store:create` before): a staff session, API secrets (one per phase, so no phase spends
 * another's rate-limit budget), a product to ship and a thin `inbound_shipment` webhook to the receiver.
 */

type Created = { api_secret: { id: string }; secret: string };

export type Seeded = {
  staff: Auth;
  revokeKey: Created;
  limitKey: Created;
  loadKeys: Created[];
  locationId: string;
  sku: string;
  webhookId: string;
};

export async function seedThroughApi(input: {
  appA: Instance;
  appB: Instance;
  storeId: string;
  admin: { email: string; password: string };
  receiverUrl: string;
  loadSecrets: number;
}): Promise<Seeded> {
  const { appA, appB, storeId } = input;
  // Signed in on one instance, the session used on both: the signing keys are in the shared database.
  const staff = { cookie: await signIn(appA, input.admin.email, input.admin.password) };
  const secrets: Created[] = [];
  for (let i = 0; i < 2 + input.loadSecrets; i++) {
    const instance = i % 2 === 0 ? appB : appA;
    const body = { api_secret: { name: `multi-instance ${i}` } };
    const route = `/stores/${storeId}/api-secrets`;
    secrets.push(await must<Created>(call(instance, "POST", route, staff, body), "create API secret"));
  }
  const [revokeKey, limitKey, ...loadKeys] = secrets as [Created, Created, ...Created[]];
  const { locations } = await must<{ locations: { id: string }[] }>(
    call(appB, "GET", `/stores/${storeId}/locations`, staff),
    "list locations",
  );
  const locationId = locations[0]?.id;
  if (!locationId) throw new Error("store:create made no location");
  const sku = "MI-SKU-1";
  const product = {
    title: "Multi-instance",
    external_id: "MI-1",
    variants: [{ sku, price: 100, currency: "USD" }],
  };
  const upload = call(appA, "POST", `/stores/${storeId}/products/bulk-upload`, staff, {
    products: [product],
  });
  await must(upload, "upload the product");
  const webhook = {
    callback: { url: input.receiverUrl, auth: null },
    topic: "inbound_shipment",
    // Thin payloads carry the subject id, which the order check needs.
    payload: "thin",
    externalId: null,
  };
  const hook = await must<{ webhook: { id: string } }>(
    call(appB, "POST", `/stores/${storeId}/webhooks`, staff, { webhook }),
    "create webhook",
  );
  return { staff, revokeKey, limitKey, loadKeys, locationId, sku, webhookId: hook.webhook.id };
}
