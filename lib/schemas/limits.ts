/**
 * Limits the web app shows as well as the API enforces, in a module without zod: a page that imports one from a
 * schema file would ship zod in its first load (docs/performance.md, first-load budget).
 */

/** Longest search text a list accepts. */
export const MAX_SEARCH_LENGTH = 200;

/** Most returns one bulk action takes (`return_ids`, or what "select all matching" selects). */
export const MAX_BULK_RETURNS = 500;

/** Decoded size limit of an image: a return comment's, a receipt line's photo (decisions §5). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The image types a comment or receipt photo may be (decisions §5), recognised by their magic bytes. */
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** Grade, outcome and reject reason of a processed item: short free text. */
export const MAX_ITEM_TEXT_LENGTH = 200;

/** Longest customer notes of a return. */
export const MAX_CUSTOMER_NOTES_LENGTH = 10_000;

/** A return tag's name (per return and in the store's catalogue). */
export const MAX_TAG_NAME_LENGTH = 100;
