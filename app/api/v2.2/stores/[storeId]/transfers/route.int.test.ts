import { and, asc, eq, gt, isNotNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inventoryItems, inventoryLevels, locations } from "@/lib/db/schema";
import type { Transfer, TransferSummary } from "@/lib/schemas/transfers";
import { callRoute } from "@/lib/testing/api";
import { expectInvalid, expectProblem, setupDemoApiTestDatabase } from "@/lib/testing/api-helpers";
import { POST as CANCEL } from "./[transferId]/cancel/route";
import { GET as GET_ONE, PATCH } from "./[transferId]/route";
import { POST as SHIP } from "./[transferId]/ship/route";
import { GET as EXPORT } from "./export/route";
import { GET as LIST, POST } from "./route";

const setup = setupDemoApiTestDatabase();

/** Two of demo store A's locations and a catalog product it holds unbinned at the first. */
async function route() {
  const { database, demoA } = setup();
  const [stocked] = await database.db
    .select({ id: inventoryItems.id, sku: inventoryItems.sku, locationId: inventoryLevels.locationId })
    .from(inventoryLevels)
    .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryLevels.inventoryItemId))
    .where(
      and(
        eq(inventoryItems.storeId, demoA.id),
        eq(inventoryItems.kind, "PRODUCT"),
        isNotNull(inventoryItems.sku),
        gt(inventoryLevels.quantity, 5),
        sql`not exists (select 1 from bin_stock b where b.inventory_item_id = ${inventoryItems.id} and b.quantity > 0)`,
      ),
    )
    .orderBy(asc(inventoryItems.id))
    .limit(1);
  if (!stocked?.sku) throw new Error("store A holds no unbinned product");
  const [other] = await database.db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.storeId, demoA.id), sql`${locations.id} <> ${stocked.locationId}`))
    .limit(1);
  if (!other) throw new Error("store A has one location");
  return { origin: stocked.locationId, destination: other.id, sku: stocked.sku, itemId: stocked.id };
}

const owner = () => ({ secret: setup().demoA.secret });

function create(body: unknown) {
  const storeId = setup().demoA.id;
  return callRoute<{ transfer: Transfer }>(
    POST,
    { storeId },
    { method: "POST", path: `/stores/${storeId}/transfers`, body, ...owner() },
  );
}

function act(handler: typeof SHIP, transferId: string, action: string, body?: unknown) {
  const storeId = setup().demoA.id;
  return callRoute<{ transfer: Transfer }>(
    handler,
    { storeId, transferId },
    {
      method: "POST",
      path: `/stores/${storeId}/transfers/${transferId}/${action}`,
      ...(body === undefined ? {} : { body }),
      ...owner(),
    },
  );
}

describe("transfers API", () => {
  it("ships from the bins its body names: unknown bins and bad quantities are 400s naming the field", async () => {
    const { origin, destination, itemId } = await route();
    const created = await create({
      transfer: {
        origin_location_id: origin,
        destination_location_id: destination,
        lines: [{ inventory_item_id: itemId, quantity: 1 }],
      },
    });
    const id = created.body.transfer.id;
    const fromBins = (from_bins: unknown) => ({ lines: [{ inventory_item_id: itemId, from_bins }] });
    expectInvalid(
      await act(SHIP, id, "ship", fromBins([{ bin_id: "bin_nothere", quantity: 1 }])),
      "transfer",
      ["lines.0.from_bins.0.bin_id"],
    );
    expectInvalid(
      await act(SHIP, id, "ship", fromBins([{ bin_id: "bin_nothere", quantity: 0 }])),
      "transfer",
      ["lines.0.from_bins.0.quantity"],
    );
    // An empty body (and none) ships from the unbinned remainder.
    expect((await act(SHIP, id, "ship", {})).body.transfer.status).toBe("IN_TRANSIT");
  });

  it("names every unusable location and line of a create in one 400", async () => {
    const { origin, sku } = await route();
    expectInvalid(
      await create({
        transfer: {
          origin_location_id: origin,
          destination_location_id: origin,
          lines: [
            { sku, quantity: 1 },
            { sku: "NO-SUCH-SKU", quantity: 2 },
            { sku, quantity: 3 },
          ],
        },
      }),
      "transfer",
      ["transfer.destination_location_id", "transfer.lines.1.sku", "transfer.lines.2"],
    );
  });

  it("edits a draft, ships it once, refuses edits after, and lists, filters and exports it", async () => {
    const { origin, destination, sku } = await route();
    const storeId = setup().demoA.id;
    const made = await create({
      transfer: {
        origin_location_id: origin,
        destination_location_id: destination,
        lines: [{ sku, quantity: 1 }],
      },
    });
    expect(made.status, made.text).toBe(201);
    const id = made.body.transfer.id;
    const path = `/stores/${storeId}/transfers/${id}`;
    const edited = await callRoute<{ transfer: Transfer }>(
      PATCH,
      { storeId, transferId: id },
      {
        method: "PATCH",
        path,
        body: { transfer: { note: "Shelf restock", lines: [{ sku, quantity: 2 }] } },
        ...owner(),
      },
    );
    expect(edited.body.transfer).toMatchObject({ note: "Shelf restock", unit_count: 2, line_count: 1 });

    expect((await act(SHIP, id, "ship")).body.transfer.status).toBe("IN_TRANSIT");
    expectProblem(await act(SHIP, id, "ship"), 409, "transfer/wrong-status");
    expectProblem(
      await callRoute(
        PATCH,
        { storeId, transferId: id },
        { method: "PATCH", path, body: { transfer: { note: "late" } }, ...owner() },
      ),
      409,
      "transfer/wrong-status",
    );
    const got = await callRoute<{ transfer: Transfer }>(
      GET_ONE,
      { storeId, transferId: id },
      { path, ...owner() },
    );
    expect(got.body.transfer.lines).toEqual([
      expect.objectContaining({ sku, quantity: 2, received: 0, damaged: 0, missing: 0 }),
    ]);

    const listed = await callRoute<{ transfers: TransferSummary[] }>(
      LIST,
      { storeId },
      {
        path: `/stores/${storeId}/transfers?status=IN_TRANSIT&destination_location_id=${destination}`,
        ...owner(),
      },
    );
    expect(listed.body.transfers.map((t) => t.id)).toContain(id);
    const drafts = await callRoute<{ transfers: TransferSummary[] }>(
      LIST,
      { storeId },
      { path: `/stores/${storeId}/transfers?status=DRAFT`, ...owner() },
    );
    expect(drafts.body.transfers.map((t) => t.id)).not.toContain(id);
    const csv = await callRoute(
      EXPORT,
      { storeId },
      { path: `/stores/${storeId}/transfers/export?status=IN_TRANSIT`, ...owner() },
    );
    expect(csv.text.split("\n")[0]).toContain("id,status,origin_location_id");
    expect(csv.text).toContain(`${id},IN_TRANSIT,${origin}`);

    expect((await act(CANCEL, id, "cancel")).body.transfer.status).toBe("CANCELLED");
    expectProblem(await act(CANCEL, id, "cancel"), 409, "transfer/wrong-status");
  });
});
