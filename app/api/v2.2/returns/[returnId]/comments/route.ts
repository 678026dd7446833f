import { returnPath } from "@/lib/api/params";
import { actorOf } from "@/lib/api/principal";
import { apiRoute, json, methodNotAllowed, scopedStore } from "@/lib/api/route";
import { addReturnComment, listReturnComments } from "@/lib/domain/returns/comments";
import { findReturnStore } from "@/lib/domain/returns/get";
import { createCommentBodySchema } from "@/lib/schemas/returns";

/** Comments carry images of up to 5 MiB as base64, so their body limit is 8 MiB (decisions §10). */
const COMMENT_BODY_LIMIT = 8 * 1024 * 1024;

export const POST = apiRoute(
  {
    resource: "return",
    access: "write",
    params: returnPath,
    body: createCommentBodySchema,
    bodyLimit: COMMENT_BODY_LIMIT,
    store: ({ db, params, storeIds }) => findReturnStore(db, { returnId: params.returnId, storeIds }),
  },
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

export const GET = apiRoute(
  { resource: "return", access: "read", params: returnPath },
  async ({ db, params, storeIds }) => {
    return json({ comments: await listReturnComments(db, { returnId: params.returnId, storeIds }) });
  },
);

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = methodNotAllowed(["GET", "POST"]);
export const DELETE = methodNotAllowed(["GET", "POST"]);
