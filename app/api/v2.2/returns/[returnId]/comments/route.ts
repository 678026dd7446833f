import { actorOf } from "@/lib/api/principal";
import { apiRoute, json, scopedStore } from "@/lib/api/route";
import { returns } from "@/lib/contracts";
import { addReturnComment, listReturnComments } from "@/lib/domain/returns/comments";

export const POST = apiRoute(
  returns.createReturnComment,
  async ({ db, params, body, principal, storeId }) => {
    const added = await addReturnComment(db, {
      storeId: scopedStore({ storeId }),
      returnId: params.returnId,
      comment: body.comment,
      author: actorOf(principal),
    });
    return json({ comment: added.comment }, { status: 201 });
  },
);

export const GET = apiRoute(returns.listReturnComments, async ({ db, params, storeIds }) => {
  return json({ comments: await listReturnComments(db, { returnId: params.returnId, storeIds }) });
});
