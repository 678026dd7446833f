import type { Db } from "../db";
import { getServerSecret } from "../domain/server-secrets";
import { PAGE_SIZE_DEFAULT, type PageHeaders } from "../schemas/paging";
import { decodeCursor, encodeCursor, type KeysetPosition } from "./cursor";

/** Reads X-Page-Size / X-Page-Continue for a list whose filters are `filters`. */
export async function readPage(
  db: Db,
  headers: PageHeaders,
  filters: unknown,
  resource: string,
): Promise<{ limit: number; after?: KeysetPosition }> {
  const limit = headers["x-page-size"] ?? PAGE_SIZE_DEFAULT;
  const marker = headers["x-page-continue"];
  if (!marker) return { limit };
  const key = await getServerSecret(db, "cursor-signing");
  return { limit, after: decodeCursor(marker, filters, key, resource) };
}

/** The X-Page-Next header for the next page, or none on the last page. */
export async function nextPageHeaders(
  db: Db,
  next: KeysetPosition | undefined,
  filters: unknown,
): Promise<Record<string, string>> {
  if (!next) return {};
  const key = await getServerSecret(db, "cursor-signing");
  return { "X-Page-Next": encodeCursor(next, filters, key) };
}
