import { storePath } from "@/lib/api/params";
import { apiRoute, json, methodNotAllowed } from "@/lib/api/route";
import { API_SECRET_RESOURCE, createApiKey, listApiKeys, serializeApiSecret } from "@/lib/domain/api-keys";
import { createApiSecretRequestSchema } from "@/lib/schemas/api-secrets";

// Only staff admins manage API secrets: a leaked secret must not mint more or revoke the others (docs/api.md).
const spec = {
  resource: API_SECRET_RESOURCE,
  access: "admin",
  principals: ["staff"],
  params: storePath,
} as const;

export const GET = apiRoute(spec, async ({ db, params }) => {
  const keys = await listApiKeys(db, params.storeId);
  return json({ api_secrets: keys.map(serializeApiSecret) });
});

export const POST = apiRoute({ ...spec, body: createApiSecretRequestSchema }, async (ctx) => {
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

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = methodNotAllowed(["GET", "POST"]);
export const DELETE = methodNotAllowed(["GET", "POST"]);
