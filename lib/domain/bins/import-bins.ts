import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db";
import { isUniqueViolation } from "../../db/errors";
import { bins } from "../../db/schema";
import { newId } from "../../ids";
import { binCodeSchema } from "../../schemas/bins";
import { ValidationError } from "../errors";
import { type ImportError, readImportRows } from "../imports/read-rows";
import { locationsByKey } from "../locations/locations";

/**
 * Bins from CSV (docs/bins.md, docs/csv.md "Import"): one row per bin, `code` with optional `zone` and
 * `capacity`, at the location its `location` cell names (id or name) or, without one, at the location the request
 * names. A code the location has already (whatever its case, archived bins too) updates that bin's zone and
 * capacity; an empty cell clears them, as the bulk upload does. All rows in one transaction.
 */

const BATCH = 1000;

type CsvRecord = { line: number; values: Record<string, string> };

const rowSchema = z.object({
  code: binCodeSchema,
  location: z.string().max(100).optional(),
  zone: z
    .string()
    .trim()
    .max(60, "Use at most 60 characters.")
    .optional()
    .transform((zone) => zone || null),
  capacity: z
    .string()
    .trim()
    .regex(/^(\d{1,7})?$/, "A whole number of units, 1 or more, or empty for no limit.")
    .optional()
    .transform((capacity) => (capacity ? Number(capacity) : null))
    .refine((capacity) => capacity === null || (capacity >= 1 && capacity <= 1_000_000), {
      message: "From 1 to 1,000,000 units, or empty for no limit.",
    }),
});

export type PlannedBin = {
  line: number;
  locationId: string;
  code: string;
  zone: string | null;
  capacity: number | null;
  /** The bin the code names already. */
  existingId?: string;
  action: "create" | "update" | "unchanged";
};

export type BinImportPlan = {
  rows: number;
  bins: PlannedBin[];
  errors: ImportError[];
  errorCount: number;
  preview: CsvRecord[];
};

export async function planBinImport(
  db: Db,
  params: { storeId: string; locationId?: string },
  records: AsyncIterable<CsvRecord>,
): Promise<BinImportPlan> {
  const locationByKey = await locationsByKey(db, params.storeId);
  const fallback = params.locationId ? locationByKey.get(params.locationId) : undefined;
  if (params.locationId && !fallback) {
    throw new ValidationError("bin", [
      {
        path: "location_id",
        message: `No location with id ${JSON.stringify(params.locationId)} exists in this store.`,
      },
    ]);
  }
  const { rows, read, preview, problems } = await readImportRows(records, {
    required: fallback ? ["code"] : ["code", "location"],
    schema: rowSchema,
  });
  const fail = problems.add.bind(problems);
  const seen = new Map<string, number>();
  const resolved: Omit<PlannedBin, "action">[] = [];
  for (const { line, row } of rows) {
    const named = row.location?.trim();
    const location = named ? (locationByKey.get(named) ?? locationByKey.get(named.toLowerCase())) : fallback;
    if (!location) {
      fail(
        line,
        "location",
        named
          ? `No location of this store is named or has the id "${named}".`
          : "Required: a location's name or id.",
      );
      continue;
    }
    if (location.archivedAt) {
      fail(line, "location", `${location.name} is archived; restore it before adding bins.`);
      continue;
    }
    const key = `${location.id}|${row.code.toLowerCase()}`;
    const first = seen.get(key);
    if (first !== undefined) {
      fail(line, "code", `This code is on line ${first} already for ${location.name}; a code names one bin.`);
      continue;
    }
    seen.set(key, line);
    resolved.push({ line, locationId: location.id, code: row.code, zone: row.zone, capacity: row.capacity });
  }

  const existing = new Map<string, typeof bins.$inferSelect>();
  const locationIds = [...new Set(resolved.map((bin) => bin.locationId))];
  for (let i = 0; i < resolved.length; i += BATCH) {
    const batch = resolved.slice(i, i + BATCH);
    const found = await db
      .select()
      .from(bins)
      .where(
        and(
          eq(bins.storeId, params.storeId),
          inArray(bins.locationId, locationIds),
          inArray(
            sql`lower(${bins.code})`,
            batch.map((bin) => bin.code.toLowerCase()),
          ),
        ),
      );
    for (const bin of found) existing.set(`${bin.locationId}|${bin.code.toLowerCase()}`, bin);
  }
  const planned = resolved.map((bin): PlannedBin => {
    const current = existing.get(`${bin.locationId}|${bin.code.toLowerCase()}`);
    if (!current) return { ...bin, action: "create" };
    const same = current.zone === bin.zone && current.capacity === bin.capacity;
    return { ...bin, existingId: current.id, action: same ? "unchanged" : "update" };
  });
  return { rows: read, bins: planned, errors: problems.listed, errorCount: problems.count, preview };
}

/** Creates and updates the planned bins in one transaction; a code another request took meanwhile fails it whole. */
export async function commitBinImport(
  db: Db,
  input: { storeId: string },
  plan: BinImportPlan,
  onProgress: (done: number, total: number) => void = () => {},
) {
  const toCreate = plan.bins.filter((bin) => bin.action === "create");
  const toUpdate = plan.bins.filter((bin) => bin.action === "update");
  const total = toCreate.length + toUpdate.length;
  try {
    await db.transaction(async (tx) => {
      let done = 0;
      for (let i = 0; i < toCreate.length; i += BATCH) {
        const batch = toCreate.slice(i, i + BATCH);
        await tx.insert(bins).values(
          batch.map((bin) => ({
            id: newId("bin"),
            storeId: input.storeId,
            locationId: bin.locationId,
            code: bin.code,
            zone: bin.zone,
            capacity: bin.capacity,
          })),
        );
        done += batch.length;
        onProgress(done, total);
      }
      for (const bin of toUpdate) {
        await tx
          .update(bins)
          .set({ zone: bin.zone, capacity: bin.capacity, updatedAt: sql`now()` })
          .where(and(eq(bins.storeId, input.storeId), eq(bins.id, bin.existingId as string)));
        done++;
        if (done % BATCH === 0 || done === total) onProgress(done, total);
      }
    });
  } catch (error) {
    if (isUniqueViolation(error, "bins_location_code_key")) {
      throw new Error("a bin of the file was created by another request meanwhile; check the file again");
    }
    throw error;
  }
  return {
    created: toCreate.length,
    updated: toUpdate.length,
    unchanged: plan.bins.length - total,
    lines: total,
  };
}
