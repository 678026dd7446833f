import { and, eq, inArray } from "drizzle-orm";
import { readConfig } from "../../config";
import type { Db } from "../../db";
import { commentImages } from "../../db/schema";
import { isId, newId } from "../../ids";
import type { ImageType } from "../../schemas/limits";
import { NotFoundError } from "../errors";
import type { DecodedImage } from "./decode";

/*
 * A store's images: a return comment's image and a receipt line's photos alike. The table, the id prefix
 * (`img_`) and the published path (/comment-images/{imageId}) keep the name they were published with.
 */

/** Absolute URL the app serves an image at (decisions §5: notes carry `image` as a URL). */
export function imageUrl(imageId: string, publicUrl = readConfig().publicUrl): string {
  return `${publicUrl}/api/v2.2/comment-images/${encodeURIComponent(imageId)}`;
}

/** Stores a decoded image in the caller's transaction and returns its new id. */
export async function storeImage(tx: Db, storeId: string, image: DecodedImage): Promise<string> {
  const id = newId("commentImage");
  await tx.insert(commentImages).values({
    id,
    storeId,
    contentType: image.contentType,
    byteSize: image.byteSize,
    sha256: image.sha256,
    data: image.data,
  });
  return id;
}

export type StoredImage = DecodedImage & { id: string; contentType: ImageType; createdAt: Date };

/**
 * A stored image (`GET /comment-images/{imageId}`), when its store is one of `storeIds`;
 * NotFound("comment-image") otherwise, malformed ids included. The sha256 serves as a strong ETag.
 */
export async function getImage(
  db: Db,
  input: { imageId: string; storeIds: readonly string[] },
): Promise<StoredImage> {
  if (!isId("commentImage", input.imageId) || input.storeIds.length === 0) {
    throw new NotFoundError("comment-image", input.imageId);
  }
  const [row] = await db
    .select({
      id: commentImages.id,
      contentType: commentImages.contentType,
      data: commentImages.data,
      byteSize: commentImages.byteSize,
      sha256: commentImages.sha256,
      createdAt: commentImages.createdAt,
    })
    .from(commentImages)
    .where(and(eq(commentImages.id, input.imageId), inArray(commentImages.storeId, [...input.storeIds])));
  if (!row) throw new NotFoundError("comment-image", input.imageId);
  return { ...row, contentType: row.contentType as ImageType };
}
