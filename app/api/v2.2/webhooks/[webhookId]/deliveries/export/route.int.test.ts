import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhookDeliveries } from "@/lib/db/schema";
import { sendTestEvent, upsertWebhook } from "@/lib/domain/webhooks";
import { DELIVERY_EXPORT_COLUMNS, deliveryExportRows } from "@/lib/domain/webhooks/export-deliveries";
import { type Caller, callRoute } from "@/lib/testing/api";
import { expectProblem } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { GET } from "./route";

const setup = setupApiTestDatabase();
type Row = Record<(typeof DELIVERY_EXPORT_COLUMNS)[number], string>;

/** A webhook of store A with `count` test deliveries, the first one discarded after 3 attempts. */
async function webhookWithDeliveries(count: number) {
  const { database, storeA } = setup();
  const { webhook } = await upsertWebhook(database.db, {
    storeId: storeA.id,
    input: {
      callback: { url: "https://hooks.example.com/export", auth: null },
      topic: "return",
      extraEventTypes: ["test"],
    },
  });
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    ids.push((await sendTestEvent(database.db, { webhookId: webhook.id, storeIds: [storeA.id] })).id);
  }
  await database.db
    .update(webhookDeliveries)
    .set({ status: "discarded", attemptCount: 3 })
    .where(eq(webhookDeliveries.id, ids[0] as string));
  return { webhookId: webhook.id, ids };
}

async function exportCsv(webhookId: string, auth: Caller, query = "") {
  const response = await callRoute<string>(
    GET,
    { webhookId },
    {
      path: `/webhooks/${webhookId}/deliveries/export${query}`,
      secret: auth.secret,
      headers: auth.cookie ? { cookie: auth.cookie } : {},
    },
  );
  const rows = response.status === 200 ? (parse(response.text, { bom: true, columns: true }) as Row[]) : [];
  return { response, rows };
}

describe("GET /webhooks/{webhookId}/deliveries/export", () => {
  it("has one row per delivery, newest first, and applies the status filter", async () => {
    const { storeA } = setup();
    const { webhookId, ids } = await webhookWithDeliveries(4);
    const { response, rows } = await exportCsv(webhookId, { secret: storeA.secret });
    expect(response.status).toBe(200);
    expect(response.text.split("\n")[0]).toBe(DELIVERY_EXPORT_COLUMNS.join(","));
    expect(rows.map((row) => row.id)).toEqual([...ids].reverse());
    expect(rows.every((row) => row.event_type === "test" && row.topic === "return")).toBe(true);
    const discarded = await exportCsv(webhookId, { secret: storeA.secret }, "?status=discarded");
    expect(discarded.rows.map((row) => [row.id, row.status, row.attempt_count])).toEqual([
      [ids[0], "discarded", "3"],
    ]);
  });

  it("is a 404 for another store's webhook", async () => {
    const { storeB } = setup();
    const { webhookId } = await webhookWithDeliveries(1);
    expectProblem((await exportCsv(webhookId, { secret: storeB.secret })).response, 404, "webhook/not-found");
  });

  it("reads in batches by keyset: the same rows whatever the batch size", async () => {
    const { database } = setup();
    const { webhookId } = await webhookWithDeliveries(7);
    const read = async (batch: number) => {
      const out: string[] = [];
      for await (const rows of deliveryExportRows(database.db, { webhookId }, batch)) {
        out.push(...rows.map((row) => row[0] as string));
      }
      return out;
    };
    expect(await read(2)).toEqual(await read(1000));
  });
});
