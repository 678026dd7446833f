import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { QueuedWrite } from "./queued-write";

/**
 * Where queued writes live: IndexedDB, which outlasts a reload, a browser restart and a flat battery, and holds
 * a comment's photo (a data URL) where localStorage's few megabytes would not. One record per write, keyed by
 * its Idempotency-Key.
 */

export type QueueStore = {
  all(): Promise<QueuedWrite[]>;
  /** Adds a write at the end of the queue (its `seq` is set here). */
  append(write: Omit<QueuedWrite, "seq">): Promise<QueuedWrite>;
  put(write: QueuedWrite): Promise<void>;
  remove(id: string): Promise<void>;
};

interface OfflineQueueDb extends DBSchema {
  writes: { key: string; value: QueuedWrite; indexes: { seq: number } };
}

function open(name: string): Promise<IDBPDatabase<OfflineQueueDb>> {
  return openDB<OfflineQueueDb>(name, 1, {
    upgrade(db) {
      db.createObjectStore("writes", { keyPath: "id" }).createIndex("seq", "seq");
    },
  });
}

export function indexedDbQueueStore(name = "backroom-offline"): QueueStore {
  let db: Promise<IDBPDatabase<OfflineQueueDb>> | undefined;
  const connection = () => {
    db ??= open(name);
    return db;
  };
  return {
    async all() {
      return (await connection()).getAllFromIndex("writes", "seq");
    },
    async append(write) {
      const tx = (await connection()).transaction("writes", "readwrite");
      const last = await tx.store.index("seq").openCursor(null, "prev");
      const queued: QueuedWrite = { ...write, seq: (last?.value.seq ?? 0) + 1 };
      await tx.store.put(queued);
      await tx.done;
      return queued;
    },
    async put(write) {
      await (await connection()).put("writes", write);
    },
    async remove(id) {
      await (await connection()).delete("writes", id);
    },
  };
}
