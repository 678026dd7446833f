import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { ApiError, errorMessage } from "@/lib/client/api-client";
import { callApi } from "@/lib/client/call-api";
import { newWriteKey, sendOrQueue } from "@/lib/client/offline-queue/browser-queue";
import { fetchHeaderPage } from "@/lib/client/paged-list";
import { queryKeys, type ReturnListFilters } from "@/lib/client/query-keys";
import { toast } from "@/lib/client/toast";
import type { Order } from "@/lib/schemas/orders";
import type { CreateCommentInput, ItemIdentifierEntry, Return } from "@/lib/schemas/returns";

/** Rows fetched per request of the returns list. */
export const RETURNS_PAGE_SIZE = 50;

export type ReturnsPage = { returns: Return[]; orders: Order[]; next: string | null };
export type ReturnDetail = { return: Return; order: Order };

/**
 * A store's returns, newest update first, a page at a time: the API's `X-Page-Next` header is the next
 * page's marker, sent back as `X-Page-Continue`. The previous filter's rows stay on screen while a new
 * filter loads, so typing in the search box does not flash skeletons.
 */
export function useReturnsList(storeId: string, filters: ReturnListFilters) {
  return useInfiniteQuery({
    queryKey: queryKeys.returns.list(storeId, filters),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<ReturnsPage> => {
      const { data, next } = await fetchHeaderPage(
        "listReturns",
        { storeId },
        {
          query: { status: filters.status, q: filters.q, sort: filters.sort, order: filters.order },
          pageSize: RETURNS_PAGE_SIZE,
          cursor: pageParam,
          signal,
        },
      );
      return { returns: data.returns, orders: data.orders, next };
    },
    getNextPageParam: (last) => last.next ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** One return with the order it was made against. */
export function useReturn(returnId: string) {
  return useQuery({
    queryKey: queryKeys.returns.detail(returnId),
    queryFn: async ({ signal }): Promise<ReturnDetail> =>
      (await callApi("getReturn", { params: { returnId }, signal })).data,
  });
}

/** A 400 that names fields: the form shows each beside its field, so no toast repeats them. */
export function isFieldError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 400 && error.errors.length > 0;
}

/**
 * Sets external identifiers of a return's items in one request. On success the detail shows the returned
 * return at once (no flash of the old values), then the detail itself (not its comments) and the store's
 * return lists are refetched, since `updatedAt` moved.
 */
export function useSetItemIdentifiers(storeId: string, returnId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (items: ItemIdentifierEntry[]) => {
      const { data } = await callApi("setReturnItemIdentifiers", {
        params: { storeId, returnId },
        body: { items },
      });
      return data.return;
    },
    onSuccess: (updated, items) => {
      queryClient.setQueryData<ReturnDetail>(queryKeys.returns.detail(returnId), (old) =>
        old ? { ...old, return: updated } : old,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.returns.detail(returnId), exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.returns.lists(storeId) });
      toast.success(items.length === 1 ? "Identifier saved" : `${items.length} identifiers saved`);
    },
    onError: (error) => {
      if (!isFieldError(error)) toast.error(`Identifiers not saved: ${errorMessage(error)}`);
    },
  });
}

/**
 * Adds one comment (a message or an image). Afterwards the return (its `notes` and `updatedAt`), its
 * comments (under the detail's key) and the store's lists are refetched. Offline (or when the answer is lost)
 * it waits in the offline queue, a photo with it as its data URL.
 */
export function useAddReturnComment(
  storeId: string,
  returnId: string,
  actor: { id: string; name: string; returnLabel: string },
) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: "always",
    mutationFn: (comment: CreateCommentInput) =>
      sendOrQueue(
        "createReturnComment",
        { params: { returnId }, body: { comment } },
        {
          idempotencyKey: newWriteKey(),
          subject: `return:${returnId}`,
          summary: `${comment.image !== undefined ? "Photo" : "Comment"} on ${actor.returnLabel}`,
          href: `/stores/${storeId}/returns/${returnId}`,
          storeId,
          queuedBy: { id: actor.id, name: actor.name },
        },
      ),
    onSuccess: (sent, input) => {
      if (sent.queued) {
        toast.success(`${input.image !== undefined ? "Image" : "Comment"} kept on this device`, {
          description: "It is sent when the network returns (see “waiting to send” at the top).",
        });
        return;
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.returns.detail(returnId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.returns.lists(storeId) });
      toast.success(input.image !== undefined ? "Image added" : "Comment added");
    },
    onError: (error) => {
      if (!isFieldError(error)) toast.error(`Comment not added: ${errorMessage(error)}`);
    },
  });
}
