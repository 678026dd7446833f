import { apiRoute, json, scopedStore } from "@/lib/api/route";
import { webhooks } from "@/lib/contracts";
import { rotateSigningSecret } from "@/lib/domain/webhooks";

export const POST = apiRoute(webhooks.rotateWebhookSigningSecret, async (ctx) => {
  const rotated = await rotateSigningSecret(ctx.db, {
    webhookId: ctx.params.webhookId,
    storeIds: [scopedStore(ctx)],
  });
  // The new secret is in the body in full: no cache may keep it.
  return json(
    {
      signingSecret: rotated.signingSecret,
      previousSecretExpiresAt: rotated.previousSecretExpiresAt.toISOString(),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
});
