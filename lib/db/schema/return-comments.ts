import { sql } from "drizzle-orm";
import { check, index, pgTable, text } from "drizzle-orm/pg-core";
import { apiKeys } from "./api-keys";
import { createdAt, idPrefixCheck } from "./columns";
import { commentImages } from "./comment-images";
import { returns } from "./returns";
import { staffUsers } from "./staff-users";

/** Comments on a return; they appear on the return as `notes`. Exactly one of message or image. */
export const returnComments = pgTable(
  "return_comments",
  {
    id: text().primaryKey(),
    returnId: text()
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    message: text(),
    imageId: text().references(() => commentImages.id),
    authorUserId: text().references(() => staffUsers.id, { onDelete: "set null" }),
    authorApiKeyId: text().references(() => apiKeys.id, { onDelete: "set null" }),
    /** Author's display name at the time of writing (a staff name, an API key name, or the customer). */
    authorName: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    idPrefixCheck("comment", t.id),
    index("return_comments_return_idx").on(t.returnId, t.createdAt),
    check("return_comments_one_body", sql`(${t.message} is null) <> (${t.imageId} is null)`),
  ],
);
