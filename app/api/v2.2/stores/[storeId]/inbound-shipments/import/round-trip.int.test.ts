import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { expect, it } from "vitest";
import { locations } from "@/lib/db/schema";
import type { ImportEvent } from "@/lib/schemas/imports";
import { callRoute } from "@/lib/testing/api";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { insertVariant } from "@/lib/testing/fixtures";
import { GET as exportShipments } from "../export/route";
import { POST as importFile } from "./route";

/**
 * Property: whatever shipments a file describes (references, carriers and tracking numbers with commas, quotes,
 * line breaks and non-Latin text; any quantities and costs), importing it and exporting the store gives the
 * same lines back, a value that a spreadsheet would run as a formula coming back defused with a leading '.
 */

const setup = setupApiTestDatabase();

// Printable text without leading/trailing spaces or control characters other than line breaks inside.
const cell = (max: number) =>
  fc
    .string({
      unit: fc.constantFrom(...Array.from("aZ09 ,\"'-=+@;|/é中🙂\n")),
      minLength: 1,
      maxLength: max,
    })
    .map((value) => value.trim())
    .filter((value) => value.length > 0);

const defused = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

type Line = { sku: number; quantity: number };
type Shipment = { reference: string; carrier: string; tracking: string; freight: string; lines: Line[] };

const shipmentArbitrary = fc.record({
  reference: cell(40),
  carrier: cell(20),
  tracking: cell(30),
  freight: fc.integer({ min: 0, max: 99_999_999 }).map((cents) => (cents / 100).toFixed(2)),
  lines: fc.uniqueArray(
    fc.record({ sku: fc.integer({ min: 0, max: 3 }), quantity: fc.integer({ min: 1, max: 9_999_999 }) }),
    { minLength: 1, maxLength: 4, selector: (line) => line.sku },
  ),
});

let run = 0;

it("an import followed by an export gives the same lines back", async () => {
  const { storeA, database } = setup();
  const skus: string[] = [];
  for (let i = 0; i < 4; i++) skus.push((await insertVariant(database.db, storeA.id)).variant.sku as string);
  const [location] = await database.db
    .select()
    .from(locations)
    .where(eq(locations.storeId, storeA.id))
    .limit(1);
  const locationName = location?.name as string;

  await fc.assert(
    fc.asyncProperty(
      fc.uniqueArray(shipmentArbitrary, { minLength: 1, maxLength: 5, selector: (s) => s.reference }),
      async (shipments: Shipment[]) => {
        // Each run's references are its own, so earlier runs' shipments are never matched or updated.
        const prefix = `P${run++}-`;
        const rows = shipments.flatMap((s) =>
          s.lines.map((line) => [
            prefix + s.reference,
            locationName,
            skus[line.sku],
            String(line.quantity),
            s.carrier,
            s.tracking,
            s.freight,
          ]),
        );
        const csv = stringify([
          ["shipment_id", "location", "sku", "quantity", "carrier", "tracking_number", "freight_cost"],
          ...rows,
        ]);
        const imported = await callRoute(
          importFile,
          { storeId: storeA.id },
          {
            method: "POST",
            path: `/stores/${storeA.id}/inbound-shipments/import`,
            secret: storeA.secret,
            headers: { "content-type": "text/csv" },
            body: csv,
          },
        );
        const last = imported.text.trim().split("\n").at(-1) ?? "";
        expect(JSON.parse(last) as ImportEvent, imported.text).toMatchObject({ type: "done" });

        const exported = await callRoute(
          exportShipments,
          { storeId: storeA.id },
          { path: `/stores/${storeA.id}/inbound-shipments/export`, secret: storeA.secret },
        );
        const records = (
          parse(exported.text.replace(/^\uFEFF/, ""), { columns: true }) as Record<string, string>[]
        ).filter((record) => record.shipment_id?.startsWith(defused(prefix)));
        const got = records
          .map((r) => [
            r.shipment_id,
            r.location_name,
            r.sku,
            r.expected_quantity,
            r.carrier,
            r.tracking_number,
            r.freight_cost,
          ])
          .sort((a, b) => `${a[0]}|${a[2]}`.localeCompare(`${b[0]}|${b[2]}`));
        const want = rows
          .map((row) => row.map((value, index) => (index === 3 ? value : defused(value as string))))
          .sort((a, b) => `${a[0]}|${a[2]}`.localeCompare(`${b[0]}|${b[2]}`));
        expect(got).toEqual(want);
      },
    ),
    { numRuns: 25 },
  );
}, 120_000);
