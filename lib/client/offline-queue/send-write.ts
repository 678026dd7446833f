import { API_BASE } from "../api-client";
import { API_ROUTES } from "../api-routes.generated";
import { operationPath } from "../call-api";
import type { QueuedWrite, SendResult } from "./queued-write";

/**
 * One attempt at a queued write, with its own Idempotency-Key. Not `callApi`: a 401 here must not send the
 * page to sign-in (the write waits for its author instead), and every outcome is an answer, never a throw.
 */
export async function sendQueuedWrite(write: QueuedWrite): Promise<SendResult> {
  const route = API_ROUTES[write.operationId];
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${operationPath(route.path, write.params)}`, {
      method: route.method,
      headers: {
        Accept: "application/json",
        "Content-Type": "application/json",
        "Idempotency-Key": write.id,
      },
      body: JSON.stringify(write.body),
      credentials: "same-origin",
    });
  } catch {
    return { kind: "unreachable" };
  }
  if (response.ok) return { kind: "sent" };
  if (response.status === 401) return { kind: "signed-out" };
  const problem = (await response.json().catch(() => null)) as {
    type?: unknown;
    detail?: unknown;
    title?: unknown;
  } | null;
  const code = typeof problem?.type === "string" ? problem.type.replace(/^com\.service\.api:/, "") : "";
  const detail =
    typeof problem?.detail === "string"
      ? problem.detail
      : typeof problem?.title === "string"
        ? problem.title
        : `The server answered ${response.status}.`;
  return { kind: "refused", problem: { status: response.status, code, detail } };
}
