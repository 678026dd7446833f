import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { webhookDeliveries } from "../../db/schema";
import { addReturnComment } from "../../domain/returns/comments";
import { setupDemoTestDatabase } from "../../testing/demo-database";
import { demoReturnIds, insertWebhook, startReceiver } from "../../testing/webhook-deliveries";
import { type Dispatcher, startDispatcher } from "./dispatcher";

const demo = setupDemoTestDatabase();
let returnId: string;
let dispatcher: Dispatcher | undefined;

beforeAll(async () => {
  [returnId] = (await demoReturnIds(demo.db, demo.storeId, 1)) as [string];
});
afterAll(async () => {
  await dispatcher?.stop();
});

it("wakes on the commit of a change, not on its poll interval, and not for a rolled-back change", async () => {
  const receiver = await startReceiver();
  try {
    const webhook = await insertWebhook(demo.db, demo.storeId, receiver.url);
    // An hour between polls: only the NOTIFY sent by the committing transaction can wake it, so if it
    // did not, the delivery below would never happen and the test would time out.
    let delivered: () => void = () => undefined;
    const outcome = new Promise<void>((resolve) => {
      delivered = resolve;
    });
    dispatcher = startDispatcher({
      database: demo.database,
      allowPrivate: true,
      pollMs: 3_600_000,
      schedule: [20],
      onOutcome: () => delivered(),
    });
    await dispatcher.listening();

    await expect(
      demo.db.transaction(async (tx) => {
        await addReturnComment(tx, {
          storeId: demo.storeId,
          returnId,
          comment: { message: "rolled back" },
          author: { name: "Test" },
        });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");

    await addReturnComment(demo.db, {
      storeId: demo.storeId,
      returnId,
      comment: { message: "Checked at the dock" },
      author: { name: "Test" },
    });
    await outcome;
    // Exactly the committed change was delivered; the rolled-back one left no event, so no delivery.
    const deliveries = await demo.db
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
