import { sql } from "drizzle-orm";
import { check, integer, pgTable, text } from "drizzle-orm/pg-core";
import { bytes, createdAt, idPrefixCheck } from "./columns";
import { stores } from "./stores";

/**
 * Images attached to return comments, stored in the database so both backends serve them without a file
 * store. The decoded size is capped at 5 MiB by the API (decisions §5).
 */
export const commentImages = pgTable(
  "comment_images",
  {
    id: text().primaryKey(),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    contentType: text().notNull(),
    byteSize: integer().notNull(),
    sha256: text().notNull(),
    data: bytes().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    idPrefixCheck("commentImage", t.id),
    check(
      "comment_images_content_type",
      sql`${t.contentType} in ('image/png', 'image/jpeg', 'image/gif', 'image/webp')`,
    ),
    check("comment_images_size", sql`${t.byteSize} between 1 and 5242880`),
  ],
);
