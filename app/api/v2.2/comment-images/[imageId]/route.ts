import { apiRoute } from "@/lib/api/route";
import { returns } from "@/lib/contracts";
import { getImage } from "@/lib/domain/images/stored";

/** Serves an image (a return comment's, a receipt photo) to callers who may read its store. */
export const GET = apiRoute(returns.getCommentImage, async ({ db, params, storeIds }) => {
  const image = await getImage(db, { imageId: params.imageId, storeIds });
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
