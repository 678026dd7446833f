import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "@/lib/client/api-client";
import { callApi } from "@/lib/client/call-api";
import { toast } from "@/lib/client/toast";
import type { CycleCountStatus } from "@/lib/enums";
import type {
  CreateCycleCountRequest,
  CycleCount,
  CycleCountDetail,
  CycleCountSettings,
  RecordCycleCountsRequest,
} from "@/lib/schemas/cycle-counts";
import { fetchListPage, type ListPage } from "../paged-list";
import { queryKeys } from "../query-keys";

/** Cycle counts (docs/cycle-counts.md): the list, one count, counting, review, apply, the threshold. */

export function useCycleCounts(storeId: string, filters: { status?: CycleCountStatus }) {
  return useInfiniteQuery({
    queryKey: queryKeys.cycleCounts.list(storeId, filters),
    queryFn: ({ pageParam, signal }) =>
      fetchListPage("listCycleCounts", { storeId }, "cycle_counts", {
        query: { status: filters.status },
        pageSize: 50,
        cursor: pageParam,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ListPage<CycleCount>) => last.next ?? undefined,
  });
}

export function useCycleCount(storeId: string, cycleCountId: string) {
  return useQuery({
    queryKey: queryKeys.cycleCounts.detail(storeId, cycleCountId),
    queryFn: ({ signal }) =>
      callApi("getCycleCount", { params: { storeId, cycleCountId }, signal }).then((r) => r.data),
  });
}

export function useCreateCycleCount(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (cycleCount: CreateCycleCountRequest["cycle_count"]) =>
      (await callApi("createCycleCount", { params: { storeId }, body: { cycle_count: cycleCount } })).data,
    onSuccess: (created) => {
      client.setQueryData(queryKeys.cycleCounts.detail(storeId, created.cycle_count.id), created);
      void client.invalidateQueries({ queryKey: queryKeys.cycleCounts.all(storeId) });
    },
  });
}

/** Starts a place and records counts there; the count's answer is merged into the cached detail. */
export function useRecordCycleCounts(storeId: string, cycleCountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (counts: RecordCycleCountsRequest["counts"]) =>
      (await callApi("recordCycleCounts", { params: { storeId, cycleCountId }, body: { counts } })).data,
    onSuccess: (answer) => {
      client.setQueryData<CycleCountDetail>(queryKeys.cycleCounts.detail(storeId, cycleCountId), (old) => {
        if (!old) return old;
        const fresh = new Map(answer.lines.map((line) => [line.id, line]));
        const kept = old.lines.filter((line) => !fresh.has(line.id)).map((line) => line);
        return { cycle_count: answer.cycle_count, lines: [...kept, ...answer.lines] };
      });
    },
  });
}

type CountAction = "submit" | "apply" | "cancel" | "accept" | "recount";
const DONE: Record<CountAction, string> = {
  submit: "The count was submitted for review",
  apply: "The count was applied to stock",
  cancel: "The count was cancelled",
  accept: "The variances were accepted",
  recount: "Those lines are back to be counted",
};

/** Submit, apply, cancel, or review lines (accept / recount). */
export function useCycleCountAction(storeId: string, cycleCountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, lineIds = [] }: { action: CountAction; lineIds?: string[] }) => {
      const params = { storeId, cycleCountId };
      if (action === "submit") return (await callApi("submitCycleCount", { params })).data;
      if (action === "apply") return (await callApi("applyCycleCount", { params })).data;
      if (action === "cancel") return (await callApi("cancelCycleCount", { params })).data;
      return (await callApi("reviewCycleCount", { params, body: { review: { [action]: lineIds } } })).data;
    },
    onSuccess: (answer, { action }) => {
      client.setQueryData(queryKeys.cycleCounts.detail(storeId, cycleCountId), answer);
      void client.invalidateQueries({ queryKey: queryKeys.cycleCounts.all(storeId) });
      if (action === "apply") {
        void client.invalidateQueries({ queryKey: queryKeys.inventoryItems.all(storeId) });
        void client.invalidateQueries({ queryKey: queryKeys.inventoryMovements.all(storeId) });
      }
      toast.success(DONE[action]);
    },
    onError: (error) => toast.error("That did not work", { description: errorMessage(error) }),
  });
}

export function useCycleCountSettings(storeId: string) {
  return useQuery({
    queryKey: queryKeys.cycleCounts.settings(storeId),
    queryFn: ({ signal }) =>
      callApi("getCycleCountSettings", { params: { storeId }, signal }).then((r) => r.data.settings),
  });
}

export function useUpdateCycleCountSettings(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (settings: CycleCountSettings) =>
      (await callApi("updateCycleCountSettings", { params: { storeId }, body: { settings } })).data.settings,
    onSuccess: (settings) => {
      client.setQueryData(queryKeys.cycleCounts.settings(storeId), settings);
      toast.success("The auto-accept threshold was saved");
    },
    onError: (error) => toast.error("The threshold was not saved", { description: errorMessage(error) }),
  });
}

export function useItemCycleCounts(storeId: string, inventoryItemId: string) {
  return useQuery({
    queryKey: queryKeys.cycleCounts.ofItem(storeId, inventoryItemId),
    queryFn: ({ signal }) =>
      callApi("getItemCycleCounts", { params: { storeId, inventoryItemId }, signal }).then((r) => r.data),
  });
}
