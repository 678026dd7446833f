import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPostgres } from "../../db/client";
import { createTestDatabase, type TestDatabase } from "../../testing/database";
import type { OutgoingMessage } from "./channels";
import { enqueueNotifications } from "./enqueue";
import { NotificationWorker } from "./worker";

/**
 * Another process's enqueue wakes a worker through LISTEN, not its poll. Process B is a second pool on the
 * same database with its own LISTEN connection; its worker polls once a minute and ignores this process's
 * in-process wake-ups, so only the NOTIFY can bring the message to it within the test's time.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe.runIf(process.env.BACKROOM_TEST_BACKEND === "postgres")("LISTEN wake-up on PostgreSQL", () => {
  let processB: Database;
  let workerB: NotificationWorker;
  const sent: OutgoingMessage[] = [];
  const waiters = new Set<() => void>();

  beforeAll(async () => {
    processB = openPostgres(database.pool?.options.connectionString as string, 2);
    workerB = new NotificationWorker({
      db: processB.db,
      listenPool: processB.pool,
      inProcessWake: false,
      pollMs: 60_000,
      send: async (message) => {
        sent.push(message);
        for (const waiter of waiters) waiter();
      },
    });
    workerB.start();
    await workerB.listening();
  });
  afterAll(async () => {
    await workerB.stop();
    await processB.close();
  });

  function sentSubject(subject: string): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (!sent.some((message) => message.subject === subject)) return;
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
    });
  }

  it("sends at once what another process enqueued in a committed transaction", async () => {
    await workerB.idle();
    const started = Date.now();
    await database.db.transaction(async (tx) => {
      await enqueueNotifications(tx, [
        {
          storeId: null,
          kind: "test",
          channel: "email",
          recipient: "a@test.example",
          subject: "Woken",
          body: "",
        },
      ]);
    });
    await sentSubject("Woken");
    // Far inside the minute-long poll: the notification woke it.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("hears nothing of a rolled-back enqueue", async () => {
    await database.db
      .transaction(async (tx) => {
        await enqueueNotifications(tx, [
          {
            storeId: null,
            kind: "test",
            channel: "email",
            recipient: "b@test.example",
            subject: "Never",
            body: "",
          },
        ]);
        throw new Error("roll back");
      })
      .catch(() => undefined);
    await workerB.idle();
    // A committed one after it arrives alone: the rolled-back row was never there to send.
    await database.db.transaction(async (tx) => {
      await enqueueNotifications(tx, [
        {
          storeId: null,
          kind: "test",
          channel: "email",
          recipient: "b@test.example",
          subject: "After",
          body: "",
        },
      ]);
    });
    await sentSubject("After");
    expect(sent.map((message) => message.subject)).not.toContain("Never");
  });
});
