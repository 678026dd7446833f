import { apiSecretPath } from "@/lib/api/params";
import { apiRoute, json, methodNotAllowed, scopedStore } from "@/lib/api/route";
import type { Db } from "@/lib/db";
import {
  API_SECRET_RESOURCE,
  findApiKeyStore,
  getApiKey,
  revokeApiKey,
  serializeApiSecret,
} from "@/lib/domain/api-keys";

// Staff admins only (docs/api.md). The secret's store is resolved (404) and the role checked (403) first.
const store = ({ db, params, storeIds }: { db: Db; params: { apiSecretId: string }; storeIds: string[] }) =>
  findApiKeyStore(db, { apiKeyId: params.apiSecretId, storeIds });

const spec = {
  resource: API_SECRET_RESOURCE,
  access: "admin",
  principals: ["staff"],
  params: apiSecretPath,
  store,
} as const;

export const GET = apiRoute(spec, async (ctx) => {
  const apiKey = await getApiKey(ctx.db, { apiKeyId: ctx.params.apiSecretId, storeIds: [scopedStore(ctx)] });
  return json({ api_secret: serializeApiSecret(apiKey) });
});

export const DELETE = apiRoute(spec, async (ctx) => {
  const apiKey = await revokeApiKey(ctx.db, scopedStore(ctx), ctx.params.apiSecretId);
  return json({ api_secret: serializeApiSecret(apiKey) });
});

export const POST = methodNotAllowed(["GET", "DELETE"]);
export const PUT = methodNotAllowed(["GET", "DELETE"]);
export const PATCH = methodNotAllowed(["GET", "DELETE"]);
