import { apiRequest } from "./api-client";

/**
 * One page of a header-paged list (X-Page-Size, X-Page-Continue → X-Page-Next), the shape every
 * `useInfiniteQuery` of the app keeps per page. `next` is null on the last page.
 */
export type ListPage<T> = { items: T[]; next: string | null };

export type PageRequest = {
  query?: Record<string, string | undefined>;
  pageSize: number;
  /** The previous page's X-Page-Next, or null for the first page. */
  cursor: string | null;
  signal?: AbortSignal;
};

/** One page of any header-paged list: the body as the API sends it and the next page's marker. */
export async function fetchHeaderPage<T>(
  path: string,
  options: PageRequest,
): Promise<{ data: T; next: string | null }> {
  const headers: Record<string, string> = { "X-Page-Size": String(options.pageSize) };
  if (options.cursor) headers["X-Page-Continue"] = options.cursor;
  const response = await apiRequest<T>(path, { query: options.query, headers, signal: options.signal });
  return { data: response.data, next: response.headers.get("x-page-next") };
}

/** A page of a list whose body is `{ [key]: T[] }`. */
export async function fetchListPage<T, K extends string>(
  path: string,
  key: K,
  options: PageRequest,
): Promise<ListPage<T>> {
  const { data, next } = await fetchHeaderPage<Record<K, T[]>>(path, options);
  return { items: data[key], next };
}

/** Every loaded item of an infinite query, in order. */
export function flattenPages<T>(pages: readonly ListPage<T>[] | undefined): T[] {
  if (!pages) return [];
  return pages.length === 1 ? (pages[0]?.items ?? []) : pages.flatMap((page) => page.items);
}
