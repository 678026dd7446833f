import { IDEMPOTENCY_KEY_TTL_MS } from "@/lib/contracts/idempotency";

/**
 * The offline queue's rules, without storage or network (docs/offline.md): which write goes next, how long a
 * failed one waits, and what an answer does to it. A write keeps the Idempotency-Key it was given when the
 * person acted, so however often it is sent the server applies it once.
 */

/** The writes that may wait on the device: each is a POST, so the API honours its Idempotency-Key. */
export const QUEUEABLE_OPERATIONS = [
  "createInboundReceipt",
  "processReturn",
  "createInventoryMovements",
  "createReturnComment",
] as const;
export type QueueableOperation = (typeof QUEUEABLE_OPERATIONS)[number];

/**
 * `waiting`: sent when due. `held`: older than the server keeps its key, so a replay might apply it a second
 * time; a person looks at the subject and decides. `conflict`: the server refused it (the shipment was
 * completed elsewhere, the return changed status); a person decides. Held and conflicting writes stop the
 * later writes of their subject, which were made on top of them.
 */
export type QueuedWriteStatus = "waiting" | "held" | "conflict";

export type QueuedWriteProblem = { status: number; code: string; detail: string };

export type QueuedWrite = {
  /** The Idempotency-Key, also the record's key. */
  id: string;
  /** Order of queuing on this device. */
  seq: number;
  operationId: QueueableOperation;
  params: Record<string, string>;
  body: unknown;
  /** What the write changes, e.g. `return:ret_…`: writes to one subject are sent in their order. */
  subject: string;
  /** One line for a person: "Receipt of 20 units for shipment PO-1". */
  summary: string;
  /** The page to refresh and decide on. */
  href: string;
  storeId: string;
  queuedBy: { id: string; name: string };
  /** Epoch ms when the person acted. */
  queuedAt: number;
  /** Epoch ms when a person released it after it was held or refused; the replay window starts again. */
  decidedAt: number | null;
  attempts: number;
  /** Epoch ms before which it is not sent again (backoff). */
  nextAttemptAt: number;
  status: QueuedWriteStatus;
  problem: QueuedWriteProblem | null;
};

/**
 * A write older than this is held, not replayed: an hour short of the server's window, so a write sent at the
 * edge still finds its key (a clock an hour off is caught too).
 */
export const REPLAY_WINDOW_MS = IDEMPOTENCY_KEY_TTL_MS - 60 * 60 * 1000;

const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 60_000;

/** Exponential backoff with jitter: 1 s, 2 s, 4 s … up to a minute; `random` in [0, 1) spreads tablets apart. */
export function backoffDelay(attempts: number, random: number): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling * (0.5 + random / 2));
}

export type QueuePlan = {
  /** The next write to send now, if any. */
  send: QueuedWrite | null;
  /** Waiting writes that passed the replay window: to be marked held. */
  hold: QueuedWrite[];
  /** When the next waiting write falls due (epoch ms), for the timer; null when none waits. */
  wakeAt: number | null;
};

/**
 * What to do now for `userId`. Only the signed-in person's writes are sent (the key is scoped to them and the
 * server records them as the author); others' wait for them to sign in on this device. Within a subject the
 * first unsent write blocks the ones after it.
 */
export function planQueue(writes: readonly QueuedWrite[], userId: string, now: number): QueuePlan {
  const blocked = new Set<string>();
  const hold: QueuedWrite[] = [];
  let send: QueuedWrite | null = null;
  let wakeAt: number | null = null;
  for (const write of [...writes].sort((a, b) => a.seq - b.seq)) {
    if (write.queuedBy.id !== userId || blocked.has(write.subject)) continue;
    blocked.add(write.subject);
    if (write.status !== "waiting") continue;
    if (now - (write.decidedAt ?? write.queuedAt) > REPLAY_WINDOW_MS) {
      hold.push(write);
      continue;
    }
    if (write.nextAttemptAt <= now) {
      send ??= write;
    } else {
      wakeAt = wakeAt === null ? write.nextAttemptAt : Math.min(wakeAt, write.nextAttemptAt);
    }
  }
  return { send, hold, wakeAt };
}

/** What came back from one attempt. */
export type SendResult =
  | { kind: "sent" }
  | { kind: "unreachable" }
  | { kind: "signed-out" }
  | { kind: "refused"; problem: QueuedWriteProblem };

/** Answers worth retrying as they are: the server was busy, failing or still running the first attempt. */
function retryable(problem: QueuedWriteProblem): boolean {
  return (
    problem.status >= 500 ||
    problem.status === 408 ||
    problem.status === 429 ||
    problem.code === "request/idempotency-key-in-flight"
  );
}

/**
 * The write after an attempt: null when it is done (sent, or answered again from the key's stored answer),
 * waiting with a later attempt, or in conflict for a person to decide. A signed-out session changes nothing:
 * the write waits for its author to sign in again.
 */
export function afterAttempt(
  write: QueuedWrite,
  result: SendResult,
  now: number,
  random: number,
): QueuedWrite | null {
  switch (result.kind) {
    case "sent":
      return null;
    case "signed-out":
      return write;
    case "unreachable": {
      const attempts = write.attempts + 1;
      return { ...write, attempts, nextAttemptAt: now + backoffDelay(attempts, random) };
    }
    case "refused": {
      const attempts = write.attempts + 1;
      if (retryable(result.problem)) {
        return {
          ...write,
          attempts,
          nextAttemptAt: now + backoffDelay(attempts, random),
          problem: result.problem,
        };
      }
      return { ...write, attempts, status: "conflict", problem: result.problem };
    }
  }
}

/**
 * A person's decision to send it after all. A held write keeps its key: if the server still has it, the stored
 * answer comes back and nothing runs twice. A refused write needs a new key, because the server replays its
 * refusal for the old one; the person looked at the subject and chose to apply it to what it is now.
 */
export function releaseWrite(write: QueuedWrite, now: number, freshKey: string): QueuedWrite {
  const released = {
    ...write,
    status: "waiting" as const,
    nextAttemptAt: now,
    decidedAt: now,
    problem: null,
  };
  return write.status === "conflict" ? { ...released, id: freshKey, attempts: 0 } : released;
}
