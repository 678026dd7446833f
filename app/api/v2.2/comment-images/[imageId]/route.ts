import { apiRoute } from "@/lib/api/route";
import { returns } from "@/lib/contracts";
import { getCommentImage } from "@/lib/domain/returns/comments";

/** Serves a comment's image (the URL in a return's notes) to callers who may read its store. */
export const GET = apiRoute(returns.getCommentImage, async ({ db, params, storeIds }) => {
  const image = await getCommentImage(db, { imageId: params.imageId, storeIds });
  return new Response(new Uint8Array(image.data), {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.byteSize),
      // Content-addressed by id: an image never changes.
      "Cache-Control": "private, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'",
    },
  });
});
