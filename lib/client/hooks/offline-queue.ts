"use client";

import { useEffect, useSyncExternalStore } from "react";
import { browserOfflineQueue } from "../offline-queue/browser-queue";
import type { QueuedWrite } from "../offline-queue/queued-write";

const NONE: readonly QueuedWrite[] = [];
const noSubscription = () => () => {};

/** The device's queued writes, everyone's (a shared tablet shows who queued what), in order. */
export function useQueuedWrites(): readonly QueuedWrite[] {
  return useSyncExternalStore(
    typeof window === "undefined" ? noSubscription : (listener) => browserOfflineQueue().subscribe(listener),
    () => browserOfflineQueue().snapshot(),
    () => NONE,
  );
}

/**
 * Runs the queue for the signed-in person while the app shell is open: sends their writes now, again when the
 * browser comes back online, and stops on leaving.
 */
export function useOfflineQueueRunner(userId: string) {
  useEffect(() => {
    const queue = browserOfflineQueue();
    void queue.start(userId);
    const online = () => void queue.retryNow();
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("online", online);
      void queue.start(null);
    };
  }, [userId]);
}
