import { actorOf } from "@/lib/api/principal";
import { apiRoute, json, scopedStore } from "@/lib/api/route";
import { returnLifecycle } from "@/lib/contracts";
import { addReturnTag, listReturnTags } from "@/lib/domain/returns/tags";

export const GET = apiRoute(returnLifecycle.listReturnTags, async ({ db, params, storeIds }) => {
  return json({ tags: await listReturnTags(db, { returnId: params.returnId, storeIds }) });
});

export const POST = apiRoute(
  returnLifecycle.addReturnTag,
  async ({ db, params, body, principal, storeId }) => {
    const { tag, added } = await addReturnTag(db, {
      storeId: scopedStore({ storeId }),
      returnId: params.returnId,
      name: body.tag.name,
      actor: actorOf(principal),
    });
    return json({ tag }, { status: added ? 201 : 200 });
  },
);
