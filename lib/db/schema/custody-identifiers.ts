import { sql } from "drizzle-orm";
import { bigserial, check, index, pgTable, text } from "drizzle-orm/pg-core";
import type { CustodyIdentifierKind, CustodySource, CustodyVerdict } from "../../enums";
import { timestampMs } from "./columns";
import { stores } from "./stores";

/**
 * Chain of custody (docs/inspection.md): every serial, license plate and lot number captured at an inbound
 * receipt or at a return's inspection, one row per capture. Append-only, but for a correcting receipt, which
 * removes the rows of the serials it takes back. The look-up at inspection reads the
 * store's rows of one identifier through `custody_identifiers_lookup_idx` (store, identifier, newest first).
 * The shipment, receipt and return ids are kept as text without foreign keys: the history outlives an archived
 * or deleted source, and the index stays the only write cost of a receipt.
 */
export const custodyIdentifiers = pgTable(
  "custody_identifiers",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    /** As scanned, trimmed; compared exactly (serials are case-sensitive on some brands). */
    identifier: text().notNull(),
    kind: text().$type<CustodyIdentifierKind>().notNull(),
    source: text().$type<CustodySource>().notNull(),
    /** A receipt's: the shipment (`inb_…`), the receipt (`rcp_…`), the location and bin it went into. */
    inboundShipmentId: text(),
    receiptId: text(),
    locationId: text(),
    bin: text(),
    /** A return inspection's: the return and item, and what the look-up answered then. */
    returnId: text(),
    returnItemId: text(),
    verdict: text().$type<CustodyVerdict>(),
    recordedAt: timestampMs().notNull().defaultNow(),
  },
  (t) => [
    index("custody_identifiers_lookup_idx").on(t.storeId, t.identifier, t.recordedAt.desc()),
    index("custody_identifiers_return_idx").on(t.returnId).where(sql`${t.returnId} is not null`),
    check("custody_identifiers_kind", sql`${t.kind} in ('serial', 'license_plate', 'lot')`),
    check(
      "custody_identifiers_source",
      sql`(${t.source} = 'receipt' and ${t.receiptId} is not null) or (${t.source} = 'return' and ${t.returnId} is not null and ${t.returnItemId} is not null)`,
    ),
  ],
);
