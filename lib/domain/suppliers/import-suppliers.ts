import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db";
import { isUniqueViolation } from "../../db/errors";
import { suppliers } from "../../db/schema";
import { newId } from "../../ids";
import { type ImportError, readImportRows } from "../imports/read-rows";

/**
 * Suppliers from CSV (docs/suppliers.md, docs/csv.md "Import"), through the shared import: one row per supplier,
 * `name` and `email` with an optional `code`. A row matches a supplier of the store by its code when it has one
 * the store knows, else by its name in any letter case; a match updates that supplier's name, e-mail and code (an
 * empty code keeps the stored one), nothing else creates one. All rows in one transaction.
 */

type CsvRecord = { line: number; values: Record<string, string> };

const rowSchema = z.object({
  name: z.string().trim().min(1, "Required: the supplier's name.").max(120, "Use at most 120 characters."),
  email: z.email("Not an e-mail address: give the one claims go to.").max(254),
  code: z
    .string()
    .trim()
    .max(40, "Use at most 40 characters.")
    .optional()
    .transform((code) => code || null),
});

export type PlannedSupplier = {
  line: number;
  name: string;
  email: string;
  code: string | null;
  existingId?: string;
  action: "create" | "update" | "unchanged";
};

export type SupplierImportPlan = {
  rows: number;
  suppliers: PlannedSupplier[];
  errors: ImportError[];
  errorCount: number;
  preview: CsvRecord[];
};

export async function planSupplierImport(
  db: Db,
  storeId: string,
  records: AsyncIterable<CsvRecord>,
): Promise<SupplierImportPlan> {
  const { rows, read, preview, problems } = await readImportRows(records, {
    required: ["name", "email"],
    schema: rowSchema,
  });
  const fail = problems.add.bind(problems);
  const stored = await db.select().from(suppliers).where(eq(suppliers.storeId, storeId));
  const byName = new Map(stored.map((row) => [row.name.toLowerCase(), row]));
  const byCode = new Map(stored.flatMap((row) => (row.code ? [[row.code.toLowerCase(), row] as const] : [])));
  const namesSeen = new Map<string, number>();
  const codesSeen = new Map<string, number>();
  const planned: PlannedSupplier[] = [];
  for (const { line, row } of rows) {
    const nameKey = row.name.toLowerCase();
    const codeKey = row.code?.toLowerCase();
    const twin = namesSeen.get(nameKey);
    if (twin !== undefined) {
      fail(line, "name", `This supplier is on line ${twin} already; a name names one supplier.`);
      continue;
    }
    namesSeen.set(nameKey, line);
    if (codeKey) {
      const codeTwin = codesSeen.get(codeKey);
      if (codeTwin !== undefined) {
        fail(line, "code", `This code is on line ${codeTwin} already; a code names one supplier.`);
        continue;
      }
      codesSeen.set(codeKey, line);
    }
    const byItsCode = codeKey ? byCode.get(codeKey) : undefined;
    const byItsName = byName.get(nameKey);
    // The name of one supplier and the code of another: which one the row means is not for the import to guess.
    if (byItsCode && byItsName && byItsCode.id !== byItsName.id) {
      fail(
        line,
        "code",
        `${byItsCode.name} has this code, and ${byItsName.name} this name; change one of them.`,
      );
      continue;
    }
    const match = byItsCode ?? byItsName;
    const code = row.code ?? match?.code ?? null;
    const next = { line, name: row.name, email: row.email, code };
    if (!match) {
      planned.push({ ...next, action: "create" });
      continue;
    }
    const same = match.name === next.name && match.email === next.email && match.code === next.code;
    planned.push({ ...next, existingId: match.id, action: same ? "unchanged" : "update" });
  }
  return { rows: read, suppliers: planned, errors: problems.listed, errorCount: problems.count, preview };
}

/** Writes the planned suppliers in one transaction; a name or code another request took meanwhile fails it whole. */
export async function commitSupplierImport(
  db: Db,
  input: { storeId: string },
  plan: SupplierImportPlan,
  onProgress: (done: number, total: number) => void = () => {},
) {
  const toWrite = plan.suppliers.filter((supplier) => supplier.action !== "unchanged");
  const total = toWrite.length;
  try {
    await db.transaction(async (tx) => {
      let done = 0;
      for (const supplier of toWrite) {
        const values = { name: supplier.name, email: supplier.email, code: supplier.code };
        if (supplier.existingId) {
          await tx
            .update(suppliers)
            .set({
              ...values,
              updatedAt: sql`greatest(now(), ${suppliers.updatedAt} + interval '1 millisecond')`,
            })
            .where(and(eq(suppliers.storeId, input.storeId), eq(suppliers.id, supplier.existingId)));
        } else {
          await tx.insert(suppliers).values({ id: newId("supplier"), storeId: input.storeId, ...values });
        }
        done++;
        if (done % 100 === 0 || done === total) onProgress(done, total);
      }
    });
  } catch (error) {
    if (
      isUniqueViolation(error, "suppliers_store_name_key") ||
      isUniqueViolation(error, "suppliers_store_code_key")
    ) {
      throw new Error(
        "a supplier of the file was named or coded by another request meanwhile; check the file again",
      );
    }
    throw error;
  }
  return {
    created: toWrite.filter((supplier) => !supplier.existingId).length,
    updated: toWrite.filter((supplier) => supplier.existingId).length,
    unchanged: plan.suppliers.length - total,
    lines: total,
  };
}
