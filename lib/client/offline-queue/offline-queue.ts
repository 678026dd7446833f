import type { QueueStore } from "./queue-store";
import { afterAttempt, planQueue, type QueuedWrite, releaseWrite, type SendResult } from "./queued-write";

/**
 * The queue at work on one device: keeps the writes (QueueStore), sends the signed-in person's in order when
 * the network is there, waits with backoff when it is not, and tells the UI of every change. One sender at a
 * time per browser (`lock`: the Web Locks API where present), so two tabs never send side by side; a write
 * sent twice anyway carries its key and is applied once.
 */

export type NewQueuedWrite = Omit<
  QueuedWrite,
  "seq" | "attempts" | "nextAttemptAt" | "status" | "problem" | "decidedAt"
>;

export type OfflineQueueDeps = {
  store: QueueStore;
  send: (write: QueuedWrite) => Promise<SendResult>;
  now?: () => number;
  random?: () => number;
  newKey: () => string;
  /** Runs `work` as the only sender (across tabs in a browser). */
  lock?: (work: () => Promise<void>) => Promise<void>;
  /** Timers, replaceable in tests. */
  setTimer?: (run: () => void, ms: number) => () => void;
  /** Whether the browser has a network: no attempt is made without one (the "online" event calls retryNow). */
  isOnline?: () => boolean;
  /** Told after this queue changed the store, so other tabs can re-read it. */
  onChange?: () => void;
};

export type OfflineQueue = ReturnType<typeof createOfflineQueue>;

const EMPTY: readonly QueuedWrite[] = [];

export function createOfflineQueue(deps: OfflineQueueDeps) {
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const lock = deps.lock ?? ((work) => work());
  const isOnline = deps.isOnline ?? (() => true);
  const setTimer =
    deps.setTimer ??
    ((run, ms) => {
      const handle = setTimeout(run, ms);
      return () => clearTimeout(handle);
    });
  let writes: readonly QueuedWrite[] = EMPTY;
  let userId: string | null = null;
  let draining: Promise<void> | null = null;
  let again = false;
  /** Send now was pressed (or the network came back): waiting writes are due at the loop's next turn. */
  let backoffForgotten = false;
  let cancelTimer: (() => void) | null = null;
  const listeners = new Set<() => void>();

  async function refresh(changed = true) {
    writes = await deps.store.all();
    for (const listener of listeners) listener();
    if (changed) deps.onChange?.();
  }

  function schedule(at: number | null) {
    cancelTimer?.();
    cancelTimer = at === null ? null : setTimer(() => void drain(), Math.max(0, at - now()));
  }

  async function forgetBackoff() {
    const time = now();
    for (const write of await deps.store.all()) {
      if (write.status === "waiting" && write.nextAttemptAt > time) {
        await deps.store.put({ ...write, nextAttemptAt: time });
      }
    }
    await refresh();
  }

  /** Sends what is due until nothing is, or the network or session is gone. */
  async function sendDue(): Promise<void> {
    for (;;) {
      if (userId === null) return;
      if (backoffForgotten) {
        backoffForgotten = false;
        await forgetBackoff();
      }
      const plan = planQueue(await deps.store.all(), userId, now());
      for (const write of plan.hold) await deps.store.put({ ...write, status: "held" });
      if (plan.hold.length > 0) await refresh();
      if (!plan.send || !isOnline()) {
        schedule(isOnline() ? plan.wakeAt : null);
        return;
      }
      const result = await deps.send(plan.send);
      const next = afterAttempt(plan.send, result, now(), random());
      if (next) await deps.store.put(next);
      else await deps.store.remove(plan.send.id);
      await refresh();
      if (result.kind === "signed-out") return;
      if (result.kind === "unreachable" && next) {
        // No network: the others would fail too. Try again at this write's next attempt.
        schedule(next.nextAttemptAt);
        return;
      }
    }
  }

  function drain(): Promise<void> {
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      do {
        again = false;
        await lock(sendDue);
      } while (again);
    })().finally(() => {
      draining = null;
    });
    return draining;
  }

  async function update(id: string, change: (write: QueuedWrite) => QueuedWrite | null) {
    const write = (await deps.store.all()).find((candidate) => candidate.id === id);
    if (!write) return;
    const next = change(write);
    if (next?.id !== id) await deps.store.remove(id);
    if (next) await deps.store.put(next);
    await refresh();
    await drain();
  }

  return {
    /** The writes as last read, in order (stable between changes, for useSyncExternalStore). */
    snapshot: () => writes,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Re-reads the store (another tab changed it). */
    reload: () => refresh(false),
    /** Starts sending `user`'s writes; null stops (signed out). */
    async start(user: string | null) {
      userId = user;
      await refresh(false);
      if (user !== null) await drain();
      else schedule(null);
    },
    async enqueue(write: NewQueuedWrite): Promise<void> {
      await deps.store.append({
        ...write,
        attempts: 0,
        nextAttemptAt: write.queuedAt,
        status: "waiting",
        problem: null,
        decidedAt: null,
      });
      await refresh();
      void drain();
    },
    /** Whether `user` has an unsent write on `subject`: a new write must then queue behind it. */
    hasUnsent: async (user: string, subject: string) =>
      (await deps.store.all()).some((write) => write.queuedBy.id === user && write.subject === subject),
    /** The network is back (or a person asked): waiting writes go now, backoff forgotten. */
    async retryNow() {
      // Taken up by the sending loop, not here: an attempt in flight may still fail and set a backoff, which
      // is what this press means to skip.
      backoffForgotten = true;
      await drain();
    },
    /** A person decided to send a held or refused write after all (see releaseWrite). */
    release: (id: string) => update(id, (write) => releaseWrite(write, now(), deps.newKey())),
    /** A person decided it should not be sent. */
    discard: (id: string) => update(id, () => null),
    drain,
  };
}
