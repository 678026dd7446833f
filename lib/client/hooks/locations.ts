import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { ApiError, apiGet, apiRequest, errorMessage } from "@/lib/client/api-client";
import type { Location } from "@/lib/schemas/locations";
import { queryKeys } from "../query-keys";

const locationsPath = (storeId: string) => `/stores/${encodeURIComponent(storeId)}/locations`;
const locationPath = (storeId: string, id: string) => `${locationsPath(storeId)}/${encodeURIComponent(id)}`;

/** The store's active locations, for pickers and filters. They rarely change, so they stay fresh for 10 minutes. */
export function useStoreLocations(storeId: string) {
  return useQuery({
    queryKey: queryKeys.locations.list(storeId),
    queryFn: ({ signal }) =>
      apiGet<{ locations: Location[] }>(locationsPath(storeId), { signal }).then((r) => r.locations),
    staleTime: 10 * 60_000,
  });
}

/** Active, then archived locations (Settings -> Store). */
export function useAllStoreLocations(storeId: string) {
  return useQuery({
    queryKey: queryKeys.locations.withArchived(storeId),
    queryFn: ({ signal }) =>
      apiGet<{ locations: Location[] }>(locationsPath(storeId), {
        signal,
        query: { include_archived: "true" },
      }).then((r) => r.locations),
  });
}

/** A 400 naming the name or a 409 (name taken, last active location) is shown where the staff member typed. */
export function isLocationFormError(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.errors.length > 0 || error.status === 409);
}

function refreshLocations(client: QueryClient, storeId: string) {
  return client.invalidateQueries({ queryKey: queryKeys.locations.all(storeId) });
}

export function useCreateLocation(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) =>
      (
        await apiRequest<{ location: Location }>(locationsPath(storeId), {
          method: "POST",
          body: { location: { name } },
        })
      ).data.location,
    onSuccess: (location) => {
      void refreshLocations(client, storeId);
      toast.success(`${location.name} was added`);
    },
    onError: (error) => {
      if (!isLocationFormError(error))
        toast.error("The location was not added", { description: errorMessage(error) });
    },
  });
}

export type LocationChange = { location: Location; name?: string; archived?: boolean };

export function useUpdateLocation(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ location, name, archived }: LocationChange) =>
      (
        await apiRequest<{ location: Location }>(locationPath(storeId, location.id), {
          method: "PATCH",
          body: { location: { name, archived } },
        })
      ).data.location,
    onSuccess: (updated, change) => {
      void refreshLocations(client, storeId);
      if (change.archived === true) toast.success(`${updated.name} was archived`);
      else if (change.archived === false) toast.success(`${updated.name} is active again`);
      else toast.success(`Renamed to ${updated.name}`);
    },
    onError: (error, change) => {
      if (change.name !== undefined && isLocationFormError(error)) return;
      toast.error(`${change.location.name} was not changed`, { description: errorMessage(error) });
    },
  });
}
