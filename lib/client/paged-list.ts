import { apiRequest } from "./api-client";

/**
 * One page of a header-paged list (X-Page-Size, X-Page-Continue → X-Page-Next), the shape every
 * `useInfiniteQuery` of the app keeps per page. `next` is null on the last page.
 */
export type ListPage<T> = { items: T[]; next: string | null };

export async function fetchListPage<T, K extends string>(
  path: string,
  key: K,
  options: {
    query?: Record<string, string | undefined>;
    pageSize: number;
    cursor: string | null;
    signal?: AbortSignal;
  },
): Promise<ListPage<T>> {
  const headers: Record<string, string> = { "X-Page-Size": String(options.pageSize) };
  if (options.cursor) headers["X-Page-Continue"] = options.cursor;
  const response = await apiRequest<Record<K, T[]>>(path, {
    query: options.query,
    headers,
    signal: options.signal,
  });
  return { items: response.data[key], next: response.headers.get("x-page-next") };
}

/** Every loaded item of an infinite query, in order. */
export function flattenPages<T>(pages: readonly ListPage<T>[] | undefined): T[] {
  if (!pages) return [];
  return pages.length === 1 ? (pages[0]?.items ?? []) : pages.flatMap((page) => page.items);
}
