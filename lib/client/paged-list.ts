import type { OperationId } from "@/lib/contracts";
import { type ApiAnswer, type CallInput, callApi } from "./call-api";

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

/** One page of any header-paged list operation: its body as the API sends it and the next page's marker. */
export async function fetchHeaderPage<K extends OperationId>(
  operationId: K,
  params: CallInput<K>["params"],
  options: PageRequest,
): Promise<{ data: ApiAnswer<K>; next: string | null }> {
  const headers: Record<string, string> = { "X-Page-Size": String(options.pageSize) };
  if (options.cursor) headers["X-Page-Continue"] = options.cursor;
  const response = await callApi(operationId, {
    params,
    query: options.query as CallInput<K>["query"],
    headers,
    signal: options.signal,
  });
  return { data: response.data, next: response.headers.get("x-page-next") };
}

type ListKey<K extends OperationId> = {
  [F in keyof ApiAnswer<K>]: ApiAnswer<K>[F] extends readonly unknown[] ? F : never;
}[keyof ApiAnswer<K>];
type ItemOf<K extends OperationId, F extends ListKey<K>> = ApiAnswer<K>[F] extends readonly (infer T)[]
  ? T
  : never;

/** A page of a list whose body is `{ [key]: T[] }`. */
export async function fetchListPage<K extends OperationId, F extends ListKey<K>>(
  operationId: K,
  params: CallInput<K>["params"],
  key: F,
  options: PageRequest,
): Promise<ListPage<ItemOf<K, F>>> {
  const { data, next } = await fetchHeaderPage(operationId, params, options);
  return { items: (data as unknown as Record<F, ItemOf<K, F>[]>)[key], next };
}

/** Every loaded item of an infinite query, in order. */
export function flattenPages<T>(pages: readonly ListPage<T>[] | undefined): T[] {
  if (!pages) return [];
  return pages.length === 1 ? (pages[0]?.items ?? []) : pages.flatMap((page) => page.items);
}
