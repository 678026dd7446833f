import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders } from "@/lib/db/schema";
import { callRoute } from "@/lib/testing/api";
import { CROSS_TENANT_ORDER } from "@/lib/testing/api-operation-inputs";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { POST } from "./route";

/**
 * Custom Order Sync of one new order id from two callers at once: the merchant's order id is unique in the
 * store (`orders_store_external_key`) and the sync inserts with ON CONFLICT, so one creates the order and
 * the other updates that one.
 */

const setup = setupApiTestDatabase();

describe("POST /stores/{storeId}/custom/orders twice at once", () => {
  it("makes one order and answers both with its id", async () => {
    const { database, storeA } = setup();
    const body = { ...CROSS_TENANT_ORDER, id: "RACE-ORDER-1", name: "#RACE-ORDER-1" };
    const answers = await Promise.all(
      [1, 2].map(() =>
        callRoute<{ redoId: string }>(
          POST,
          { storeId: storeA.id },
          { method: "POST", path: `/stores/${storeA.id}/custom/orders`, secret: storeA.secret, body },
        ),
      ),
    );

    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const stored = await database.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.storeId, storeA.id), eq(orders.externalId, "RACE-ORDER-1")));
    expect(stored).toHaveLength(1);
    expect(answers.map((a) => a.body.redoId)).toEqual([stored[0]?.id, stored[0]?.id]);
  });

  it("gives two new orders of one name a 200 and a 409 (the name is taken), never a 500", async () => {
    const { storeA } = setup();
    const answers = await Promise.all(
      ["RACE-NAME-1", "RACE-NAME-2"].map((id) =>
        callRoute(
          POST,
          { storeId: storeA.id },
          {
            method: "POST",
            path: `/stores/${storeA.id}/custom/orders`,
            secret: storeA.secret,
            body: { ...CROSS_TENANT_ORDER, id, name: "#RACE-NAME" },
          },
        ),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });
});
