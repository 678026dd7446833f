import { z } from "zod";

/** A return's comments: text or an image, as requests send them and responses carry them. */
export const messageCommentSchema = z
  .strictObject({ message: z.string() })
  .meta({ id: "MessageComment", description: "A text comment." });
export const imageCommentSchema = z
  .strictObject({
    image: z.string().meta({ description: "URL of the image (in requests: the base64 image data)." }),
  })
  .meta({ id: "ImageComment", description: "An image comment." });

/** A comment as responses carry it: exactly one of `message` or `image` (an absolute URL). */
export const commentSchema = z
  .xor([messageCommentSchema, imageCommentSchema])
  .meta({ id: "Comment", description: "A message comment or an image comment." });
export type Comment = z.infer<typeof commentSchema>;
