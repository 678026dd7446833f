import { useInfiniteQuery } from "@tanstack/react-query";
import type { LabelSubjectType } from "@/lib/enums/labels";
import type { LabelPrint } from "@/lib/schemas/labels";
import { ApiError, apiUrl } from "../api-client";
import { API_ROUTES } from "../api-routes.generated";
import { type CallInput, operationPath } from "../call-api";
import { type Dated, mergeFeeds } from "../merged-feeds";
import { fetchListPage, flattenPages, type ListPage } from "../paged-list";
import { queryKeys } from "../query-keys";

/** The operations that answer a label file (docs/labels.md). */
export type LabelOperation =
  | "printReturnLabels"
  | "printInboundShipmentLabels"
  | "printInventoryItemLabels"
  | "printLocationLabels"
  | "printBinLabels";

export type LabelFile = { blob: Blob; filename: string; count: number };

/**
 * Calls a print operation and keeps the answer as a file (PDF or ZPL), not JSON: `callApi` parses JSON, so
 * this is the one fetch that reads a body as bytes. Refusals are the same ApiError as every other call.
 */
export async function fetchLabelFile<K extends LabelOperation>(
  operationId: K,
  input: Pick<CallInput<K>, "params" | "body">,
): Promise<LabelFile> {
  const route = API_ROUTES[operationId];
  const response = await fetch(apiUrl(operationPath(route.path, input.params as Record<string, string>)), {
    method: route.method,
    headers: { "Content-Type": "application/json", Accept: "application/pdf, text/plain, application/json" },
    body: JSON.stringify(input.body),
    credentials: "same-origin",
  });
  if (!response.ok) {
    const problem = await response.json().catch(() => ({}));
    throw new ApiError(response.status, problem, response.headers.get("x-request-id"));
  }
  const disposition = response.headers.get("content-disposition") ?? "";
  return {
    blob: await response.blob(),
    filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? "labels",
    count: Number(response.headers.get("x-label-count") ?? 0),
  };
}

const PRINTS_PAGE_SIZE = 20;

/**
 * One object's prints, newest first, a page at a time: the print dialog's "printed before", a location's
 * "printed labels", and the prints `useWithLabelPrints` adds to a shipment's timeline and an item's history.
 * One query key, so a print refreshes each of them.
 */
export function useLabelPrints(
  storeId: string,
  subject: { type: LabelSubjectType; id: string },
  options: { enabled?: boolean } = {},
) {
  return useInfiniteQuery({
    queryKey: queryKeys.labelPrints(storeId, subject.type, subject.id),
    queryFn: ({ pageParam, signal }) =>
      fetchListPage("listLabelPrints", { storeId }, "prints", {
        query: { subject_type: subject.type, subject_id: subject.id },
        pageSize: PRINTS_PAGE_SIZE,
        cursor: pageParam,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ListPage<LabelPrint>) => last.next ?? undefined,
    enabled: options.enabled,
  });
}

/** What `useWithLabelPrints` reads of an object's own paged history (an infinite query of the app). */
type PagedHistory<T> = {
  data?: { pages: ListPage<T>[] };
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
};

/** An entry of a history with prints: one of the object's own, or one of its label prints. */
export type HistoryEntry<T> = Dated & ({ kind: "own"; entry: T } | { kind: "print"; print: LabelPrint });

/**
 * An object's own history (a shipment's events, an item's stock movements), newest first, with the object's
 * label prints among its entries (docs/labels.md): the APIs keep their meaning (events are what webhooks
 * carry, movements are the stock ledger) and the page shows both feeds as one (`mergeFeeds`).
 */
export function useWithLabelPrints<T>(
  history: PagedHistory<T>,
  dated: (entry: T) => { at: string; id: string },
  storeId: string,
  subject: { type: LabelSubjectType; id: string },
) {
  const prints = useLabelPrints(storeId, subject);
  const queries = [history, prints] as const;
  const merged = mergeFeeds<HistoryEntry<T>>([
    {
      entries: flattenPages(history.data?.pages).map((entry) => {
        const { at, id } = dated(entry);
        return { kind: "own", entry, at, key: id };
      }),
      more: history.hasNextPage,
    },
    {
      entries: flattenPages(prints.data?.pages).map((print) => ({
        kind: "print",
        print,
        at: print.printed_at,
        key: print.id,
      })),
      more: prints.hasNextPage,
    },
  ]);
  return {
    entries: merged.entries,
    isPending: queries.some((query) => query.isPending),
    error: queries.find((query) => query.isError)?.error ?? null,
    refetch: () => Promise.all(queries.map((query) => query.refetch())),
    hasNextPage: merged.more,
    isFetchingNextPage: queries.some((query) => query.isFetchingNextPage),
    fetchNextPage: () => Promise.all(merged.next.map((index) => queries[index]?.fetchNextPage())),
  };
}
