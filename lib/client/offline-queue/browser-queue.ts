import { ApiError } from "../api-client";
import { type ApiAnswer, type CallInput, callApi } from "../call-api";
import { createOfflineQueue, type NewQueuedWrite, type OfflineQueue } from "./offline-queue";
import { indexedDbQueueStore } from "./queue-store";
import type { QueueableOperation } from "./queued-write";
import { sendQueuedWrite } from "./send-write";

/** The page's one queue, on IndexedDB; tabs tell each other of changes on a BroadcastChannel. */
let queue: OfflineQueue | undefined;

const CHANNEL = "backroom-offline-queue";

export function newWriteKey(): string {
  if (typeof crypto.randomUUID === "function") return `write-${crypto.randomUUID()}`;
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0"));
  return `write-${hex.join("")}`;
}

export function browserOfflineQueue(): OfflineQueue {
  if (queue) return queue;
  const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;
  const created = createOfflineQueue({
    store: indexedDbQueueStore(),
    send: sendQueuedWrite,
    newKey: newWriteKey,
    isOnline: () => navigator.onLine,
    lock: navigator.locks
      ? async (work) => {
          await navigator.locks.request(CHANNEL, work);
        }
      : undefined,
    onChange: () => channel?.postMessage("changed"),
  });
  channel?.addEventListener("message", () => void created.reload());
  queue = created;
  return created;
}

/** Who acted, on what, in words: kept with the write for the "waiting to send" list. */
export type WriteContext = Pick<NewQueuedWrite, "subject" | "summary" | "href" | "storeId" | "queuedBy"> & {
  /** Made when the person acted, so every attempt of this write carries it. */
  idempotencyKey: string;
};

export type SendOrQueueResult<K extends QueueableOperation> =
  | { queued: false; data: ApiAnswer<K> }
  | { queued: true };

/**
 * A write that must not be lost to a bad network: sent now when the browser is online and nothing of the same
 * subject waits before it; kept in the queue (with the same key) when offline or when the request got no
 * answer, which may mean the server did it and the answer was lost: the key makes the later send answer the
 * stored result instead of doing it again. An answer the server did give (a 4xx) is thrown as usual.
 */
export async function sendOrQueue<K extends QueueableOperation>(
  operationId: K,
  input: { params: Record<string, string>; body: unknown },
  context: WriteContext,
): Promise<SendOrQueueResult<K>> {
  const offlineQueue = browserOfflineQueue();
  const { idempotencyKey, ...meta } = context;
  const enqueue = async (): Promise<SendOrQueueResult<K>> => {
    await offlineQueue.enqueue({
      ...meta,
      id: idempotencyKey,
      operationId,
      params: input.params,
      body: input.body,
      queuedAt: Date.now(),
    });
    return { queued: true };
  };
  if (!navigator.onLine || (await offlineQueue.hasUnsent(meta.queuedBy.id, meta.subject))) return enqueue();
  try {
    const { data } = await callApi(operationId, {
      params: input.params,
      body: input.body,
      headers: { "Idempotency-Key": idempotencyKey },
    } as unknown as CallInput<K>);
    return { queued: false, data };
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) return enqueue();
    throw error;
  }
}
