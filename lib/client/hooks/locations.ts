import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, errorMessage } from "@/lib/client/api-client";
import { callApi } from "@/lib/client/call-api";
import { toast } from "@/lib/client/toast";
import type { Location } from "@/lib/schemas/locations";
import type { Address } from "@/lib/schemas/returns";
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

/** One PATCH: rename, archive or restore, or set the return address and phone (`return_address: null` removes). */
export type LocationChange = {
  location: Location;
  name?: string;
  archived?: boolean;
  return_address?: Address | null;
  phone?: string | null;
};

function changedToast(updated: Location, change: LocationChange): void {
  if (change.archived === true) toast.success(`${updated.name} was archived`);
  else if (change.archived === false) toast.success(`${updated.name} is active again`);
  else if (change.return_address === null)
    toast.success("Return address removed", { description: updated.name });
  else if (change.return_address !== undefined)
    toast.success("Return address saved", { description: updated.name });
  else toast.success(`Renamed to ${updated.name}`);
}

export function useUpdateLocation(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ location, ...fields }: LocationChange) =>
      (
        await callApi("updateLocation", {
          params: { storeId, locationId: location.id },
          body: { location: fields },
        })
      ).data.location,
    onSuccess: (updated, change) => {
      void refreshLocations(client, storeId);
      changedToast(updated, change);
    },
    onError: (error, change) => {
      // Shown in the dialog beside the field instead: a rename's 400 or 409, a saved address's 400.
      const shownInDialog =
        change.name !== undefined
          ? isLocationFormError(error)
          : Boolean(change.return_address) && error instanceof ApiError && error.errors.length > 0;
      if (shownInDialog) return;
      toast.error(`${change.location.name} was not changed`, { description: errorMessage(error) });
    },
  });
}
