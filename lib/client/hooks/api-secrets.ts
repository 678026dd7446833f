import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, errorMessage } from "@/lib/client/api-client";
import { callApi } from "@/lib/client/call-api";
import { queryKeys } from "@/lib/client/query-keys";
import { toast } from "@/lib/client/toast";
import type { ApiSecret, CreateApiSecretInput } from "@/lib/schemas/api-secrets";

/**
 * A store's API secrets (staff admins only at the API). The list is not paged (a store has a handful) and
 * holds revoked secrets too; every mutation invalidates exactly `queryKeys.apiSecrets.list(storeId)`.
 */

export function useApiSecrets(storeId: string) {
  return useQuery({
    queryKey: queryKeys.apiSecrets.list(storeId),
    queryFn: async ({ signal }) =>
      (await callApi("listApiSecrets", { params: { storeId }, signal })).data.api_secrets,
  });
}

/** Field problems (a 400 naming `api_secret.name`) are shown beside the field, not toasted. */
export function isFieldError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.errors.length > 0;
}

function refreshList(client: QueryClient, storeId: string) {
  return client.invalidateQueries({ queryKey: queryKeys.apiSecrets.list(storeId), exact: true });
}

/** Creates a secret; the result carries `secret`, which no later response contains. */
export function useCreateApiSecret(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateApiSecretInput) =>
      (await callApi("createApiSecret", { params: { storeId }, body: { api_secret: input } })).data,
    onSuccess: () => void refreshList(client, storeId),
    onError: (error) => {
      if (!isFieldError(error)) {
        toast.error("The API secret could not be created", { description: errorMessage(error) });
      }
    },
  });
}

/** Revokes a secret: integrations using it are refused from then on. Revoking twice is harmless. */
export function useRevokeApiSecret(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (apiSecret: ApiSecret) =>
      (await callApi("revokeApiSecret", { params: { apiSecretId: apiSecret.id } })).data.api_secret,
    onSuccess: (revoked) => {
      // The answer is the revoked row: show it greyed at once, then confirm with the server's list.
      client.setQueryData<ApiSecret[]>(queryKeys.apiSecrets.list(storeId), (list) =>
        list?.map((row) => (row.id === revoked.id ? revoked : row)),
      );
      void refreshList(client, storeId);
      toast.success(`API secret “${revoked.name}” revoked`, {
        description: "Requests using it are refused from now on.",
      });
    },
    onError: (error, apiSecret) =>
      toast.error(`“${apiSecret.name}” could not be revoked`, { description: errorMessage(error) }),
  });
}
