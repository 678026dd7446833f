import type { z } from "zod";
import type { ContractMap, OperationId } from "@/lib/contracts";
import { type ApiRequest, type ApiResponse, apiRequest, apiUrl } from "./api-client";
import { API_ROUTES } from "./api-routes.generated";

/**
 * The web app's typed call of an API operation: path, method, input and answer come from the
 * operation's contract (lib/contracts), so no path or response type is written by hand here. Only types
 * are imported from the contracts; the method and path come from the generated table, so the browser
 * never loads the contracts' schemas.
 */

type Contract<K extends OperationId> = ContractMap[K];
type Input<S> = S extends z.ZodType ? z.input<S> : never;
type SuccessStatus = 200 | 201 | 202 | 204;
type SuccessSchema<C> = C extends { responses: infer R }
  ? {
      [S in keyof R & SuccessStatus]: R[S] extends { schema: infer Schema extends z.ZodType }
        ? Schema
        : never;
    }[keyof R & SuccessStatus]
  : never;

/** What a successful call answers: its documented 2xx body, or null for a 204. */
export type ApiAnswer<K extends OperationId> = [SuccessSchema<Contract<K>>] extends [never]
  ? null
  : z.output<SuccessSchema<Contract<K>>>;

type PathParams<K extends OperationId> =
  Contract<K> extends { params: infer P extends z.ZodType } ? Omit<z.input<P>, never> : Record<string, never>;

export type CallInput<K extends OperationId> = {
  params: PathParams<K>;
  query?: Contract<K> extends { query: infer Q extends z.ZodType } ? Partial<Input<Q>> : never;
  body?: Contract<K> extends { body: infer B extends z.ZodType } ? Input<B> : never;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** `/stores/{storeId}/locations` with `{ storeId }`, each value percent-encoded. */
export function operationPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

export async function callApi<K extends OperationId>(
  operationId: K,
  input: CallInput<K>,
): Promise<ApiResponse<ApiAnswer<K>>> {
  const route = API_ROUTES[operationId];
  return apiRequest<ApiAnswer<K>>(operationPath(route.path, input.params as Record<string, string>), {
    method: route.method,
    query: input.query as ApiRequest["query"],
    body: input.body,
    headers: input.headers,
    signal: input.signal,
  });
}

/** The URL of a GET operation, for a link the browser follows itself (a CSV download). */
export function operationUrl<K extends OperationId>(
  operationId: K,
  input: Pick<CallInput<K>, "params" | "query">,
): string {
  const route = API_ROUTES[operationId];
  return apiUrl(
    operationPath(route.path, input.params as Record<string, string>),
    input.query as ApiRequest["query"],
  );
}
