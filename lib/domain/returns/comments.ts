import { asc } from "drizzle-orm";
import { readConfig } from "../../config";
import type { Db } from "../../db";
import { returnComments } from "../../db/schema";
import { newId } from "../../ids";
import { type Comment, MAX_COMMENT_MESSAGE_LENGTH } from "../../schemas/returns";
import type { Actor } from "../actor";
import { NotFoundError, ValidationError } from "../errors";
import { recordReturnEvent } from "../events/record";
import { decodeImage } from "../images/decode";
import { imageUrl, storeImage } from "../images/stored";
import { lockReturn, returnInStores, touchReturn } from "./write";

export type AddReturnCommentInput = {
  storeId: string;
  returnId: string;
  /** Validated by `createCommentInputSchema`; checked again here: exactly one of the two. */
  comment: { message?: string; image?: string };
  author: Actor;
};

export type AddedComment = {
  id: string;
  createdAt: Date;
  /**
   * The 201 echo (decisions §5: "the same shape"): `{ message }` as stored (trimmed), or `{ image }` with
   * the absolute URL the stored image is served at, not the caller's base64, so the echo matches how
   * the comment reads in the return's `notes` afterwards.
   */
  comment: Comment;
};

function invalid(path: string, message: string): ValidationError {
  return new ValidationError("return", [{ path, message }], message);
}

/** Checks a message like the request schema does and returns it trimmed. */
function checkMessage(message: string): string {
  const trimmed = message.trim();
  if (trimmed.length === 0) throw invalid("comment.message", "The message must not be empty.");
  if (trimmed.length > MAX_COMMENT_MESSAGE_LENGTH) {
    throw invalid("comment.message", `The message must be at most ${MAX_COMMENT_MESSAGE_LENGTH} characters.`);
  }
  return trimmed;
}

/**
 * `POST /returns/{returnId}/comments`. The image is decoded and checked before the transaction; then, in
 * one transaction: lock the return, store the image and the comment, bump the return's `updatedAt` and
 * record an `updated` event (decisions §5).
 */
export async function addReturnComment(db: Db, input: AddReturnCommentInput): Promise<AddedComment> {
  const { message, image } = input.comment;
  if ((message === undefined) === (image === undefined)) {
    throw invalid("comment", "The comment takes exactly one of message or image.");
  }
  const text = message === undefined ? null : checkMessage(message);
  const decoded =
    image === undefined ? null : decodeImage(image, (reason) => invalid("comment.image", reason));

  return db.transaction(async (tx) => {
    await lockReturn(tx, input);
    const imageId = decoded ? await storeImage(tx, input.storeId, decoded) : null;
    const [row] = await tx
      .insert(returnComments)
      .values({
        id: newId("comment"),
        returnId: input.returnId,
        message: text,
        imageId,
        authorUserId: input.author.userId ?? null,
        authorApiKeyId: input.author.apiKeyId ?? null,
        authorName: input.author.name,
      })
      .returning({ id: returnComments.id, createdAt: returnComments.createdAt });
    if (!row) throw new Error("the comment insert returned no row");
    await touchReturn(tx, input.returnId);
    await recordReturnEvent(tx, { storeId: input.storeId, returnId: input.returnId, type: "updated" });
    const comment: Comment = imageId !== null ? { image: imageUrl(imageId) } : { message: text ?? "" };
    return { id: row.id, createdAt: row.createdAt, comment };
  });
}

/**
 * `GET /returns/{returnId}/comments`: oldest first, each `{ message }` or `{ image }` (an absolute URL) as
 * published; the author and time of each are on the return's timeline. NotFound when the return is not in
 * one of `storeIds`.
 */
export async function listReturnComments(
  db: Db,
  input: { returnId: string; storeIds: readonly string[] },
): Promise<Comment[]> {
  // One statement: the return (to tell "no comments" from "no such return") with its comments.
  const row = await db.query.returns.findFirst({
    columns: { id: true },
    where: returnInStores(input),
    with: {
      comments: {
        columns: { message: true, imageId: true },
        orderBy: [asc(returnComments.createdAt), asc(returnComments.id)],
      },
    },
  });
  if (!row) throw new NotFoundError("return", input.returnId);
  const publicUrl = readConfig().publicUrl;
  return row.comments.flatMap((c): Comment[] => {
    if (c.message !== null) return [{ message: c.message }];
    if (c.imageId !== null) return [{ image: imageUrl(c.imageId, publicUrl) }];
    return [];
  });
}
