import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { ApiError, errorMessage } from "@/lib/client/api-client";
import { callApi } from "@/lib/client/call-api";
import type { Location } from "@/lib/schemas/locations";
import { queryKeys } from "../query-keys";

/** The store's active locations, for pickers and filters. They rarely change, so they stay fresh for 10 minutes. */
export function useStoreLocations(storeId: string) {
  return useQuery({
    queryKey: queryKeys.locations.list(storeId),
    queryFn: ({ signal }) =>
      callApi("listLocations", { params: { storeId }, signal }).then((r) => r.data.locations),
    staleTime: 10 * 60_000,
  });
}

/** Active, then archived locations (Settings -> Store). */
export function useAllStoreLocations(storeId: string) {
  return useQuery({
    queryKey: queryKeys.locations.withArchived(storeId),
    queryFn: ({ signal }) =>
      callApi("listLocations", { params: { storeId }, query: { include_archived: "true" }, signal }).then(
        (r) => r.data.locations,
      ),
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
      (await callApi("createLocation", { params: { storeId }, body: { location: { name } } })).data.location,
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
        await callApi("updateLocation", {
          params: { storeId, locationId: location.id },
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
