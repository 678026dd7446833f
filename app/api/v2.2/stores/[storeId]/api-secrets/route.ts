import { apiRoute, json } from "@/lib/api/route";
import { apiSecrets } from "@/lib/contracts";
import { createApiKey, listApiKeys, serializeApiSecret } from "@/lib/domain/api-keys";

// Only staff admins manage API secrets: a leaked secret must not mint more or revoke the others (docs/api.md).

export const GET = apiRoute(apiSecrets.listApiSecrets, async ({ db, params }) => {
  const keys = await listApiKeys(db, params.storeId);
  return json({ api_secrets: keys.map(serializeApiSecret) });
});

export const POST = apiRoute(apiSecrets.createApiSecret, async (ctx) => {
  const { apiKey, secret } = await createApiKey(ctx.db, {
    storeId: ctx.params.storeId,
    name: ctx.body.api_secret.name,
    createdByUserId: ctx.principal.id,
  });
  const location = new URL(`/api/v2.2/api-secrets/${apiKey.id}`, ctx.request.nextUrl.origin).toString();
  return json(
    { api_secret: serializeApiSecret(apiKey), secret },
    { status: 201, headers: { Location: location, "Cache-Control": "no-store" } },
  );
});
