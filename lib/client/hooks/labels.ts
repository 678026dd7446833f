import { useQuery } from "@tanstack/react-query";
import type { LabelSubjectType } from "@/lib/enums/labels";
import { ApiError, apiUrl } from "../api-client";
import { API_ROUTES } from "../api-routes.generated";
import { type CallInput, callApi, operationPath } from "../call-api";
import { queryKeys } from "../query-keys";

/** The operations that answer a label file (docs/labels.md). */
export type LabelOperation =
  | "printReturnLabels"
  | "printInboundShipmentLabels"
  | "printInventoryItemLabels"
  | "printLocationLabels";

export type LabelFile = { blob: Blob; filename: string; count: number };

/**
 * Calls a print operation and keeps the answer as a file (PDF or ZPL), not JSON: `callApi` parses JSON, so
 * this is the one fetch that reads a body as bytes. Refusals are the same ApiError as every other call.
 */
export async function fetchLabelFile<K extends LabelOperation>(
  operationId: K,
  input: Pick<CallInput<K>, "params" | "body">,
): Promise<LabelFile> {
  const route = API_ROUTES[operationId];
  const response = await fetch(apiUrl(operationPath(route.path, input.params as Record<string, string>)), {
    method: route.method,
    headers: { "Content-Type": "application/json", Accept: "application/pdf, text/plain, application/json" },
    body: JSON.stringify(input.body),
    credentials: "same-origin",
  });
  if (!response.ok) {
    const problem = await response.json().catch(() => ({}));
    throw new ApiError(response.status, problem, response.headers.get("x-request-id"));
  }
  const disposition = response.headers.get("content-disposition") ?? "";
  return {
    blob: await response.blob(),
    filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? "labels",
    count: Number(response.headers.get("x-label-count") ?? 0),
  };
}

/** The latest prints of one object, newest first. */
export function useLabelPrints(storeId: string, subjectType: LabelSubjectType, subjectId: string) {
  return useQuery({
    queryKey: queryKeys.labelPrints(storeId, subjectType, subjectId),
    queryFn: async () =>
      (
        await callApi("listLabelPrints", {
          params: { storeId },
          query: { subject_type: subjectType, subject_id: subjectId },
        })
      ).data.prints,
  });
}
