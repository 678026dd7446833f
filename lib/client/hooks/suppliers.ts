import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AddSupplierClaimLineInput, SupplierClaimLineChange } from "@/lib/schemas/supplier-claim-lines";
import type { CreateSupplierInput, SupplierClaim, SupplierClaimSummary } from "@/lib/schemas/suppliers";
import { callApi } from "../call-api";
import { fetchListPage, type ListPage } from "../paged-list";
import { queryKeys, type SupplierClaimListFilters } from "../query-keys";

/** The store's suppliers (a short list), by name. */
export function useSuppliers(storeId: string) {
  return useQuery({
    queryKey: queryKeys.suppliers.all(storeId),
    queryFn: ({ signal }) =>
      callApi("listSuppliers", { params: { storeId }, signal }).then((r) => r.data.suppliers),
  });
}

export function useCreateSupplier(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateSupplierInput) =>
      (await callApi("createSupplier", { params: { storeId }, body: { supplier: body } })).data.supplier,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.suppliers.all(storeId) }),
  });
}

export function useSupplierScorecard(storeId: string, supplierId: string) {
  return useQuery({
    queryKey: queryKeys.suppliers.scorecard(storeId, supplierId),
    queryFn: ({ signal }) =>
      callApi("getSupplierScorecard", { params: { storeId, supplierId }, query: { months: 6 }, signal }).then(
        (r) => r.data.supplier_scorecard,
      ),
  });
}

/** The API's query parameters for the claim list's filters (empty ones left out). */
export function supplierClaimListQuery(
  filters: SupplierClaimListFilters,
): Record<string, string | undefined> {
  return { status: filters.status, supplier_id: filters.supplierId };
}

export function useSupplierClaims(storeId: string, filters: SupplierClaimListFilters) {
  return useInfiniteQuery({
    queryKey: queryKeys.supplierClaims.list(storeId, filters),
    queryFn: ({ pageParam, signal }) =>
      fetchListPage("listSupplierClaims", { storeId }, "supplier_claims", {
        query: supplierClaimListQuery(filters),
        pageSize: 100,
        cursor: pageParam,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ListPage<SupplierClaimSummary>) => last.next ?? undefined,
  });
}

/** One claim; fetched again on each visit, since receipts add lines to a draft. */
export function useSupplierClaim(storeId: string, supplierClaimId: string) {
  return useQuery({
    queryKey: queryKeys.supplierClaims.detail(storeId, supplierClaimId),
    queryFn: ({ signal }) =>
      callApi("getSupplierClaim", { params: { storeId, supplierClaimId }, signal }).then(
        (r) => r.data.supplier_claim,
      ),
    refetchOnMount: "always",
  });
}

export type ClaimAction =
  | { kind: "send"; note?: string }
  | { kind: "credit"; creditedAmount: string; note?: string }
  | { kind: "reject"; note: string }
  | { kind: "discard"; note?: string };

export type ClaimLineEdit =
  | { kind: "update"; lineId: string; change: SupplierClaimLineChange }
  | { kind: "remove"; lineId: string }
  | { kind: "add"; line: AddSupplierClaimLineInput };

/**
 * Add a line by hand to a draft, or edit or remove one of its lines: the claim's page takes the answer (its total recomputed), lists refresh. A 400
 * naming a field stays in the form.
 */
export function useSupplierClaimLineEdit(storeId: string, supplierClaimId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (edit: ClaimLineEdit): Promise<SupplierClaim> => {
      if (edit.kind === "add") {
        const added = await callApi("addSupplierClaimLine", {
          params: { storeId, supplierClaimId },
          body: { supplier_claim_line: edit.line },
        });
        return added.data.supplier_claim;
      }
      const params = { storeId, supplierClaimId, supplierClaimLineId: edit.lineId };
      const answer =
        edit.kind === "update"
          ? await callApi("updateSupplierClaimLine", { params, body: { supplier_claim_line: edit.change } })
          : await callApi("removeSupplierClaimLine", { params });
      return answer.data.supplier_claim;
    },
    onSuccess: (claim) => {
      client.setQueryData(queryKeys.supplierClaims.detail(storeId, supplierClaimId), claim);
      return client.invalidateQueries({ queryKey: queryKeys.supplierClaims.all(storeId) });
    },
  });
}

/** Send, credit, reject or discard: the claim's page takes the answer, and lists and scorecards refresh. */
export function useSupplierClaimAction(storeId: string, supplierClaimId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: ClaimAction): Promise<SupplierClaim> => {
      const params = { storeId, supplierClaimId };
      const note = action.note ? { note: action.note } : {};
      const answer =
        action.kind === "send"
          ? await callApi("sendSupplierClaim", { params, body: { supplier_claim: note } })
          : action.kind === "credit"
            ? await callApi("creditSupplierClaim", {
                params,
                body: { supplier_claim: { credited_amount: action.creditedAmount, ...note } },
              })
            : action.kind === "reject"
              ? await callApi("rejectSupplierClaim", {
                  params,
                  body: { supplier_claim: { note: action.note } },
                })
              : await callApi("discardSupplierClaim", { params, body: { supplier_claim: note } });
      return answer.data.supplier_claim;
    },
    onSuccess: (claim) => {
      client.setQueryData(queryKeys.supplierClaims.detail(storeId, supplierClaimId), claim);
      return Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.supplierClaims.all(storeId) }),
        client.invalidateQueries({ queryKey: queryKeys.suppliers.all(storeId) }),
      ]);
    },
  });
}
