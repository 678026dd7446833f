import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createReceiptRequestSchema } from "../../schemas/inbound-receipts";
import { setupDemoTestDatabase } from "../../testing/demo-database";
import { activeLocation } from "../../testing/return-lifecycle";
import { ValidationError } from "../errors";
import { createReceipt } from "../inbound-shipments/receive";
import { createInboundShipment } from "../inbound-shipments/write";
import { lookUpCustody } from "./custody";

/**
 * A correcting receipt takes serials back out of the chain of custody (docs/inspection.md): a unit that was
 * received by mistake is then "never received" at a return's inspection, and the serials it does not name stay.
 */

const demo = setupDemoTestDatabase();
const context = () => ({
  storeId: demo.storeId,
  publicUrl: "http://localhost:3000",
  actor: { name: "test" },
});
const SERIALS = ["SN-CORR-1", "SN-CORR-2"];
let shipmentId: string;
let receiptId: string;
let sku: string;

beforeAll(async () => {
  const [variant] = (
    await demo.db.execute<{ sku: string }>(sql`
      select v.sku from product_variants v where v.store_id = ${demo.storeId} and v.sku is not null
      order by v.id limit 1`)
  ).rows;
  sku = variant?.sku as string;
  const shipment = await createInboundShipment(
    demo.db,
    { storeId: demo.storeId, publicUrl: "http://localhost:3000" },
    { location_id: await activeLocation(demo.db, demo.storeId), items: [{ sku, quantity: 2 }] },
  );
  shipmentId = shipment.id;
  const { receipt } = await createReceipt(
    demo.db,
    context(),
    shipmentId,
    createReceiptRequestSchema.parse({
      receipt: { lines: [{ sku, received: 2, damaged: 0, missing: 0, serials: SERIALS }] },
    }).receipt,
  );
  receiptId = receipt.id;
});

const verdictOf = async (identifier: string) =>
  (await lookUpCustody(demo.db, { storeId: demo.storeId, identifier })).verdict;

describe("correcting a receipt's serials", () => {
  it("refuses a serial the corrected receipt never recorded, naming the line, and changes nothing", async () => {
    const correction = createReceiptRequestSchema.parse({
      receipt: {
        corrects_receipt_id: receiptId,
        note: "one was never here",
        lines: [{ sku, received: -1, damaged: 0, missing: 0, serials: ["SN-NEVER"] }],
      },
    }).receipt;

    const refused = await createReceipt(demo.db, context(), shipmentId, correction).catch((error) => error);

    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).errors[0]?.path).toBe("receipt.lines.0.serials");
    expect(await verdictOf(SERIALS[0] as string)).toBe("received");
  });

  it("takes the named serial out of the index and leaves the other received", async () => {
    await createReceipt(
      demo.db,
      context(),
      shipmentId,
      createReceiptRequestSchema.parse({
        receipt: {
          corrects_receipt_id: receiptId,
          note: "one was never here",
          lines: [{ sku, received: -1, damaged: 0, missing: 0, serials: [SERIALS[0]] }],
        },
      }).receipt,
    );

    expect(await verdictOf(SERIALS[0] as string)).toBe("never_received");
    expect(await verdictOf(SERIALS[1] as string)).toBe("received");
  });
});
