import { useQuery } from "@tanstack/react-query";
import type { Location } from "@/lib/schemas/locations";
import { apiGet } from "../api-client";
import { queryKeys } from "../query-keys";

/** The store's locations, for location filters. They rarely change, so they stay fresh for 10 minutes. */
export function useStoreLocations(storeId: string) {
  return useQuery({
    queryKey: queryKeys.locations.list(storeId),
    queryFn: ({ signal }) =>
      apiGet<{ locations: Location[] }>(`/stores/${storeId}/locations`, { signal }).then((r) => r.locations),
    staleTime: 10 * 60_000,
  });
}
