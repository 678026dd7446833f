/**
 * Limits the web app shows as well as the API enforces, in a module without zod: a page that imports one from a
 * schema file would ship zod in its first load (docs/performance.md, first-load budget).
 */

/** Longest search text a list accepts. */
export const MAX_SEARCH_LENGTH = 200;

/** Most returns one bulk action takes (`return_ids`, or what "select all matching" selects). */
export const MAX_BULK_RETURNS = 500;
