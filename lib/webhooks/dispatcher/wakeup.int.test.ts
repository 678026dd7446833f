import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { webhookDeliveries } from "../../db/schema";
import { addReturnComment } from "../../domain/returns/comments";
import { createDemoTestDatabase, type TestDatabase } from "../../testing/database";
import { demoReturnIds, insertWebhook, startReceiver } from "../../testing/webhook-deliveries";
import { type Dispatcher, startDispatcher } from "./dispatcher";

let database: TestDatabase;
let storeId: string;
let returnId: string;
let dispatcher: Dispatcher | undefined;

beforeAll(async () => {
  const seeded = await createDemoTestDatabase();
  database = seeded.database;
  const summary = seeded.summary;
  storeId = summary.stores[0]?.id as string;
  [returnId] = (await demoReturnIds(database.db, storeId, 1)) as [string];
}, 120_000);
afterAll(async () => {
  await dispatcher?.stop();
  await database?.close();
});

it("wakes on the commit of a change, not on its poll interval, and not for a rolled-back change", async () => {
  const receiver = await startReceiver();
  try {
    const webhook = await insertWebhook(database.db, storeId, receiver.url);
    // An hour between polls: only the NOTIFY sent by the committing transaction can wake it, so if it
    // did not, the delivery below would never happen and the test would time out.
    let delivered: () => void = () => undefined;
    const outcome = new Promise<void>((resolve) => {
      delivered = resolve;
    });
    dispatcher = startDispatcher({
      database,
      allowPrivate: true,
      pollMs: 3_600_000,
      schedule: [20],
      onOutcome: () => delivered(),
    });
    await dispatcher.listening();

    await expect(
      database.db.transaction(async (tx) => {
        await addReturnComment(tx, {
          storeId,
          returnId,
          comment: { message: "rolled back" },
          author: { name: "Test" },
        });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");

    await addReturnComment(database.db, {
      storeId,
      returnId,
      comment: { message: "Checked at the dock" },
      author: { name: "Test" },
    });
    await outcome;
    // Exactly the committed change was delivered; the rolled-back one left no event, so no delivery.
    const deliveries = await database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhook.id));
    expect(deliveries).toHaveLength(1);
    expect(receiver.received).toHaveLength(1);
    const body = JSON.parse(receiver.received[0]?.body ?? "{}") as {
      return: { notes: { message?: string }[] };
    };
    expect(body.return.notes.map((n) => n.message)).toContain("Checked at the dock");
    expect(body.return.notes.map((n) => n.message)).not.toContain("rolled back");
  } finally {
    await dispatcher?.stop();
    dispatcher = undefined;
    await receiver.close();
  }
});
