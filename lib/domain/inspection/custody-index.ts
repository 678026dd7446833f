import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db";
import { custodyIdentifiers } from "../../db/schema";
import type { CustodyIdentifierKind } from "../../enums";

/** A license plate as printed (docs/labels.md): `LP-` and 8 Crockford base-32 characters. */
const LICENSE_PLATE = /^LP-[0-9A-HJKMNP-TV-Z]{8}$/i;

export function identifierKindOf(identifier: string): CustodyIdentifierKind {
  return LICENSE_PLATE.test(identifier) ? "license_plate" : "serial";
}

/**
 * Indexes what a receipt captured for the chain of custody (docs/inspection.md), in its transaction: each
 * line's serials (or plates) and its lot number, with the shipment, receipt, location and bin. A correcting
 * receipt (negative quantities) captures nothing new, so indexes nothing.
 */
export async function indexReceivedIdentifiers(
  tx: Db,
  input: {
    storeId: string;
    inboundShipmentId: string;
    receiptId: string;
    locationId: string;
    bin: string | null;
    recordedAt: Date;
    lines: readonly { received: number; lot_number?: string; serials?: string[] }[];
  },
): Promise<void> {
  const captured = input.lines.flatMap((line) => {
    if (line.received <= 0) return [];
    const serials = [...new Set(line.serials ?? [])].map((identifier) => ({
      identifier,
      kind: identifierKindOf(identifier),
    }));
    const lot = line.lot_number ? [{ identifier: line.lot_number, kind: "lot" as const }] : [];
    return [...serials, ...lot];
  });
  if (captured.length === 0) return;
  await tx.insert(custodyIdentifiers).values(
    captured.map(({ identifier, kind }) => ({
      storeId: input.storeId,
      identifier,
      kind,
      source: "receipt" as const,
      inboundShipmentId: input.inboundShipmentId,
      receiptId: input.receiptId,
      locationId: input.locationId,
      bin: input.bin,
      recordedAt: input.recordedAt,
    })),
  );
}

/**
 * A correcting receipt's negative lines may name the serials (or plates) they take back, at most one per unit
 * taken: those rows of the corrected receipt leave the index, so a return's custody check no longer answers
 * "received" for a unit that never really arrived. Answers the serials the corrected receipt did not index, by
 * line, for the caller to refuse (its transaction then writes nothing).
 */
export async function unindexCorrectedIdentifiers(
  tx: Db,
  input: {
    storeId: string;
    correctedReceiptId: string;
    lines: readonly { received: number; serials?: string[] }[];
  },
): Promise<{ line: number; serial: string }[]> {
  const named = input.lines.flatMap((line, index) =>
    line.received < 0 ? [...new Set(line.serials ?? [])].map((serial) => ({ line: index, serial })) : [],
  );
  if (named.length === 0) return [];
  const removed = await tx
    .delete(custodyIdentifiers)
    .where(
      and(
        eq(custodyIdentifiers.storeId, input.storeId),
        eq(custodyIdentifiers.source, "receipt"),
        eq(custodyIdentifiers.receiptId, input.correctedReceiptId),
        inArray(
          custodyIdentifiers.identifier,
          named.map((entry) => entry.serial),
        ),
      ),
    )
    .returning({ identifier: custodyIdentifiers.identifier });
  const found = new Set(removed.map((row) => row.identifier));
  return named.filter((entry) => !found.has(entry.serial));
}
