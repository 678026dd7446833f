import { apiRoute, json, scopedStore } from "@/lib/api/route";
import { apiSecrets } from "@/lib/contracts";
import { getApiKey, revokeApiKey, serializeApiSecret } from "@/lib/domain/api-keys";

export const GET = apiRoute(apiSecrets.getApiSecret, async (ctx) => {
  const apiKey = await getApiKey(ctx.db, { apiKeyId: ctx.params.apiSecretId, storeIds: [scopedStore(ctx)] });
  return json({ api_secret: serializeApiSecret(apiKey) });
});

export const DELETE = apiRoute(apiSecrets.revokeApiSecret, async (ctx) => {
  const apiKey = await revokeApiKey(ctx.db, scopedStore(ctx), ctx.params.apiSecretId);
  return json({ api_secret: serializeApiSecret(apiKey) });
});
