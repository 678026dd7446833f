import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateInboundShipmentRequest } from "@/lib/schemas/inbound-shipment-writes";
import type { InboundShipment } from "@/lib/schemas/inbound-shipments";
import { callApi } from "../call-api";
import { fetchListPage, type ListPage } from "../paged-list";
import { queryKeys, type ShipmentListFilters } from "../query-keys";

/**
 * Rows per request. 200 keeps a page around 300 KB of JSON and makes 10,000 loaded shipments 50 requests;
 * the table asks for the next page a screen before the end, so a page is usually there before it is needed.
 */
export const SHIPMENT_PAGE_SIZE = 200;

/** The API's query parameters for the list filters (empty ones left out). */
export function shipmentListQuery(filters: ShipmentListFilters): Record<string, string | undefined> {
  return {
    q: filters.q,
    match: filters.q ? "contains" : undefined,
    status: filters.status,
    location_id: filters.locationId,
    created_at_min: filters.createdAtMin,
    created_at_max: filters.createdAtMax,
    late: filters.late ? "true" : undefined,
    arriving_within_days: filters.arrivingWithinDays?.toString(),
  };
}

/** A store's inbound shipments, most recently updated first, page after page (keyset, X-Page-Next). */
export function useInboundShipments(storeId: string, filters: ShipmentListFilters) {
  return useInfiniteQuery({
    queryKey: queryKeys.inboundShipments.list(storeId, filters),
    queryFn: ({ pageParam, signal }) =>
      fetchListPage("listInboundShipments", { storeId }, "inbound_shipments", {
        query: shipmentListQuery(filters),
        pageSize: SHIPMENT_PAGE_SIZE,
        cursor: pageParam,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ListPage<InboundShipment>) => last.next ?? undefined,
    // A stale infinite query refetches every loaded page, one after another: 50 requests for 10,000 rows
    // when someone comes back to the list. Dropping the list once nobody shows it makes a return cost one.
    gcTime: 0,
  });
}

/** Creates a shipment (an advance shipping notice); the shipment lists refresh. */
export function useCreateInboundShipment(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateInboundShipmentRequest) =>
      (await callApi("createInboundShipment", { params: { storeId }, body: { inbound_shipment: body } })).data
        .inbound_shipment,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.inboundShipments.all(storeId) }),
  });
}

/** One shipment as Get inbound shipment answers it: lines with UPCs and discrepancies, damaged and missing totals. */
export function useInboundShipment(storeId: string, inboundShipmentId: string) {
  return useQuery({
    queryKey: queryKeys.inboundShipments.detail(storeId, inboundShipmentId),
    queryFn: ({ signal }) =>
      callApi("getInboundShipment", { params: { storeId, inboundShipmentId }, signal }).then(
        (r) => r.data.inbound_shipment,
      ),
  });
}
