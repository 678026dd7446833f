import { apiRoute, json } from "@/lib/api/route";
import { returnTags } from "@/lib/contracts";
import { listCatalogueTags } from "@/lib/domain/return-tags/catalogue";

export const GET = apiRoute(returnTags.listCatalogueReturnTags, async ({ db, params }) =>
  json({ tags: await listCatalogueTags(db, params.storeId) }),
);
