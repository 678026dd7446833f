import { EventEmitter } from "node:events";
import type { Db } from "../../db";
import { notifyDispatchers } from "../enqueue";

// In-process wake-ups: the only channel on PGlite (one process), and the fastest one on PostgreSQL.
const wakeups = new EventEmitter();
wakeups.setMaxListeners(0);

/** Wakes every dispatcher of this process. */
export function wakeInProcess(): void {
  wakeups.emit("wake");
}

/** Wakes dispatchers in this process and, through NOTIFY, in other processes. Call after commit. */
export async function notifyDeliveries(db: Db): Promise<void> {
  await notifyDispatchers(db);
  wakeInProcess();
}

/** Calls `listener` on every in-process wake-up until the returned function is called. */
export function onInProcessWake(listener: () => void): () => void {
  wakeups.on("wake", listener);
  return () => wakeups.off("wake", listener);
}
