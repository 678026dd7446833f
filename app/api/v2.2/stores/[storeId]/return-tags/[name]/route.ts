import { actorOf } from "@/lib/api/principal";
import { apiRoute, json } from "@/lib/api/route";
import { returnTags } from "@/lib/contracts";
import { deleteCatalogueTag, upsertCatalogueTag } from "@/lib/domain/return-tags/catalogue";

export const PUT = apiRoute(returnTags.upsertCatalogueReturnTag, async ({ db, params, body, principal }) => {
  const tag = await upsertCatalogueTag(db, {
    storeId: params.storeId,
    name: params.name,
    pillTheme: body.pillTheme,
    newName: body.newName,
    actor: actorOf(principal),
  });
  return json({ tag });
});

export const DELETE = apiRoute(returnTags.deleteCatalogueReturnTag, async ({ db, params, principal }) => {
  await deleteCatalogueTag(db, { storeId: params.storeId, name: params.name, actor: actorOf(principal) });
  return json({ success: true });
});
