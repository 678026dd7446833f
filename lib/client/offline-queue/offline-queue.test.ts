import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { createOfflineQueue, type NewQueuedWrite } from "./offline-queue";
import { indexedDbQueueStore } from "./queue-store";
import { backoffDelay, type QueuedWrite, REPLAY_WINDOW_MS, type SendResult } from "./queued-write";

/**
 * The queue on a real IndexedDB implementation (fake-indexeddb), a fake clock and a scripted server: order,
 * backoff, the replay window and refusals, and what survives a new page (a new queue on the same database).
 */

const ALICE = { id: "usr_alice", name: "Alice" };
const BOB = { id: "usr_bob", name: "Bob" };
let databases = 0;

function write(key: string, subject: string, queuedAt: number, by = ALICE): NewQueuedWrite {
  return {
    id: key,
    operationId: "createInboundReceipt",
    params: { storeId: "sto_1", inboundShipmentId: subject },
    body: { receipt: { key } },
    subject,
    summary: `write ${key}`,
    href: "/",
    storeId: "sto_1",
    queuedBy: by,
    queuedAt,
  };
}

/** A queue whose server answers from `answers` (then "sent"), recording the keys it was sent. */
function setUp(answers: SendResult[] = []) {
  // A database of its own per test: fake-indexeddb is one global for the file.
  databases += 1;
  const name = `backroom-offline-${databases}`;
  const clock = { now: 1_000_000 };
  const sent: string[] = [];
  const timers: number[] = [];
  const store = indexedDbQueueStore(name);
  const deps = {
    store,
    send: async (w: QueuedWrite) => {
      sent.push(w.id);
      return answers.shift() ?? { kind: "sent" as const };
    },
    now: () => clock.now,
    random: () => 0,
    newKey: () => `fresh-${sent.length}`,
    setTimer: (_run: () => void, ms: number) => {
      timers.push(ms);
      return () => {};
    },
  };
  return { queue: createOfflineQueue(deps), deps, name, clock, sent, timers };
}

describe("offline queue", () => {
  it("sends the signed-in person's writes in the order they were made, once each", async () => {
    const { queue, sent } = setUp();
    await queue.enqueue(write("k1", "ibs_a", 1));
    await queue.enqueue(write("k2", "ibs_b", 2));
    await queue.enqueue(write("k3", "ibs_a", 3));
    await queue.start("usr_alice");
    expect(sent).toEqual(["k1", "k2", "k3"]);
    expect(queue.snapshot()).toEqual([]);
  });

  it("keeps another person's writes for them, listed with who queued them", async () => {
    const { queue, sent } = setUp();
    await queue.enqueue(write("bob-1", "ibs_a", 1, BOB));
    await queue.enqueue(write("alice-1", "ibs_a", 2));
    await queue.start("usr_alice");
    expect(sent).toEqual(["alice-1"]);
    expect(queue.snapshot().map((w) => [w.id, w.queuedBy.name])).toEqual([["bob-1", "Bob"]]);
  });

  it("waits with growing backoff while unreachable, keeping the key, then sends when due", async () => {
    const { queue, sent, clock, timers } = setUp([{ kind: "unreachable" }, { kind: "unreachable" }]);
    await queue.enqueue(write("k1", "ibs_a", clock.now));
    await queue.start("usr_alice");
    expect(queue.snapshot()[0]).toMatchObject({ attempts: 1, status: "waiting" });
    expect(timers.at(-1)).toBe(backoffDelay(1, 0));
    clock.now += backoffDelay(1, 0);
    await queue.drain();
    expect(timers.at(-1)).toBe(backoffDelay(2, 0));
    expect(backoffDelay(2, 0)).toBeGreaterThan(backoffDelay(1, 0));
    await queue.drain(); // not due yet: nothing sent
    expect(sent).toEqual(["k1", "k1"]);
    await queue.retryNow(); // the browser came back online
    expect(sent).toEqual(["k1", "k1", "k1"]);
    expect(queue.snapshot()).toEqual([]);
  });

  it("makes no attempt while the browser is offline, and sends once it is back", async () => {
    const { deps, sent } = setUp();
    let online = false;
    const queue = createOfflineQueue({ ...deps, isOnline: () => online });
    await queue.enqueue(write("k1", "ibs_a", 1));
    await queue.start("usr_alice");
    expect(sent).toEqual([]);
    expect(queue.snapshot()[0]).toMatchObject({ attempts: 0 });
    online = true;
    await queue.retryNow();
    expect(sent).toEqual(["k1"]);
  });

  it("Send now pressed while an attempt is in flight sends again once that attempt has failed", async () => {
    const { deps, sent } = setUp([{ kind: "unreachable" }]);
    let attemptStarted: () => void = () => {};
    const inFlight = new Promise<void>((resolve) => {
      attemptStarted = resolve;
    });
    let answerFirst: () => void = () => {};
    const firstAnswered = new Promise<void>((resolve) => {
      answerFirst = resolve;
    });
    const queue = createOfflineQueue({
      ...deps,
      send: async (w: QueuedWrite) => {
        if (sent.length === 0) {
          attemptStarted();
          await firstAnswered;
        }
        return deps.send(w);
      },
    });
    await queue.enqueue(write("k1", "ibs_a", 1));
    const started = queue.start("usr_alice");
    await inFlight;
    const pressed = queue.retryNow(); // pressed before the first attempt has its answer
    answerFirst();
    await Promise.all([started, pressed]);
    // The failed attempt's backoff would have kept the write waiting: the press still counts.
    expect(sent).toEqual(["k1", "k1"]);
    expect(queue.snapshot()).toEqual([]);
  });

  it("caps the backoff at a minute", () => {
    expect(backoffDelay(30, 0.999)).toBeLessThanOrEqual(60_000);
    expect(backoffDelay(30, 0)).toBe(30_000);
  });

  it("holds a write older than the replay window and sends the next subject's; Send anyway keeps its key", async () => {
    const { queue, sent, clock } = setUp();
    await queue.enqueue(write("old", "ibs_a", clock.now - REPLAY_WINDOW_MS - 1));
    await queue.enqueue(write("after-old", "ibs_a", clock.now));
    await queue.enqueue(write("other", "ibs_b", clock.now));
    await queue.start("usr_alice");
    expect(sent).toEqual(["other"]);
    expect(queue.snapshot().map((w) => [w.id, w.status])).toEqual([
      ["old", "held"],
      ["after-old", "waiting"],
    ]);
    await queue.release("old");
    expect(sent).toEqual(["other", "old", "after-old"]);
  });

  it("marks a refusal as a conflict with the server's words, blocking its subject until a person decides", async () => {
    const problem = {
      status: 409,
      code: "inbound-shipment/not-receivable",
      detail: "The shipment is received.",
    };
    const { queue, sent } = setUp([{ kind: "refused", problem }]);
    await queue.enqueue(write("k1", "ibs_a", 1));
    await queue.enqueue(write("k2", "ibs_a", 2));
    await queue.start("usr_alice");
    expect(sent).toEqual(["k1"]);
    expect(queue.snapshot()[0]).toMatchObject({ id: "k1", status: "conflict", problem });
    await queue.discard("k1");
    expect(sent).toEqual(["k1", "k2"]);
  });

  it("sends a refused write again only under a new key (the old one replays its refusal)", async () => {
    const problem = { status: 409, code: "return/invalid-transition", detail: "Status changed." };
    const { queue, sent } = setUp([{ kind: "refused", problem }]);
    await queue.enqueue(write("k1", "ret_a", 1));
    await queue.start("usr_alice");
    await queue.release("k1");
    expect(sent).toEqual(["k1", "fresh-1"]);
  });

  it("retries a busy server and a key still in flight instead of calling them conflicts", async () => {
    const { queue, sent } = setUp([
      { kind: "refused", problem: { status: 503, code: "", detail: "busy" } },
      { kind: "refused", problem: { status: 409, code: "request/idempotency-key-in-flight", detail: "" } },
    ]);
    await queue.enqueue(write("k1", "ibs_a", 1));
    await queue.start("usr_alice");
    await queue.retryNow();
    await queue.retryNow();
    expect(sent).toEqual(["k1", "k1", "k1"]);
    expect(queue.snapshot()).toEqual([]);
  });

  it("stops on a signed-out answer with the write kept as it was", async () => {
    const { queue, sent } = setUp([{ kind: "signed-out" }]);
    await queue.enqueue(write("k1", "ibs_a", 1));
    await queue.start("usr_alice");
    expect(sent).toEqual(["k1"]);
    expect(queue.snapshot()[0]).toMatchObject({ id: "k1", attempts: 0, status: "waiting" });
  });

  it("survives a new page: a new queue on the same database finds the writes in order", async () => {
    const { queue, deps, name } = setUp([{ kind: "unreachable" }]);
    await queue.enqueue(write("k1", "ibs_a", 1));
    await queue.enqueue(write("k2", "ibs_b", 2));
    const later = createOfflineQueue({ ...deps, store: indexedDbQueueStore(name) });
    await later.reload();
    expect(later.snapshot().map((w) => w.id)).toEqual(["k1", "k2"]);
  });
});

describe("queueable operations", () => {
  it("are all JSON POSTs, so the API honours the Idempotency-Key every replay carries", async () => {
    // lib/api/route.ts claims the key for every POST but a CSV upload.
    const { contracts } = await import("@/lib/contracts");
    const { QUEUEABLE_OPERATIONS } = await import("./queued-write");
    for (const operationId of QUEUEABLE_OPERATIONS) {
      const contract = contracts.find((candidate) => candidate.operationId === operationId);
      expect(contract?.method, operationId).toBe("post");
      expect(contract && "csvBody" in contract ? contract.csvBody : undefined, operationId).toBeUndefined();
    }
  });
});
