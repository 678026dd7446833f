import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { isUniqueViolation } from "../../db/errors";
import { inboundShipments, supplierClaims, suppliers } from "../../db/schema";
import { isId, newId } from "../../ids";
import type { CreateSupplierInput, Supplier, UpdateSupplierInput } from "../../schemas/suppliers";
import { ConflictError, NotFoundError } from "../errors";

/**
 * The store's suppliers (docs/suppliers.md): created in Settings, inline from the shipment form, by the API or a
 * CSV import. A name (in any letter case) and a code name one supplier of the store: the database decides.
 */

export const SUPPLIER_RESOURCE = "supplier";

type SupplierRow = typeof suppliers.$inferSelect;

export function supplierJson(row: SupplierRow): Supplier {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    code: row.code,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The 409 for a name or code another supplier of the store has. */
function taken(error: unknown, input: { name?: string; code?: string | null }): never {
  if (isUniqueViolation(error, "suppliers_store_name_key")) {
    throw new ConflictError(
      `${SUPPLIER_RESOURCE}/name-taken`,
      `A supplier named ${JSON.stringify(input.name)} exists already.`,
      [{ path: "supplier.name", message: "Another supplier has this name." }],
    );
  }
  if (isUniqueViolation(error, "suppliers_store_code_key")) {
    throw new ConflictError(
      `${SUPPLIER_RESOURCE}/code-taken`,
      `A supplier with the code ${JSON.stringify(input.code)} exists already.`,
      [{ path: "supplier.code", message: "Another supplier has this code." }],
    );
  }
  throw error;
}

export async function listSuppliers(db: Db, storeId: string): Promise<Supplier[]> {
  const rows = await db
    .select()
    .from(suppliers)
    .where(eq(suppliers.storeId, storeId))
    .orderBy(asc(sql`lower(${suppliers.name})`), asc(suppliers.id));
  return rows.map(supplierJson);
}

export async function getSupplier(
  db: Db,
  params: { storeId: string; supplierId: string },
): Promise<Supplier> {
  const notFound = new NotFoundError(SUPPLIER_RESOURCE, params.supplierId);
  if (!isId("supplier", params.supplierId)) throw notFound;
  const [row] = await db
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.storeId, params.storeId), eq(suppliers.id, params.supplierId)));
  if (!row) throw notFound;
  return supplierJson(row);
}

/** The store of a supplier the path names with its store: 404 unless it is that store's. */
export async function findSupplierStore(
  db: Db,
  params: { storeId: string; supplierId: string },
): Promise<string> {
  await getSupplier(db, params);
  return params.storeId;
}

export async function createSupplier(db: Db, storeId: string, input: CreateSupplierInput): Promise<Supplier> {
  try {
    const [row] = await db
      .insert(suppliers)
      .values({
        id: newId("supplier"),
        storeId,
        name: input.name,
        email: input.email,
        code: input.code ?? null,
      })
      .returning();
    return supplierJson(row as SupplierRow);
  } catch (error) {
    taken(error, input);
  }
}

export async function updateSupplier(
  db: Db,
  params: { storeId: string; supplierId: string },
  input: UpdateSupplierInput,
): Promise<Supplier> {
  await getSupplier(db, params);
  try {
    const [row] = await db
      .update(suppliers)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...(input.code !== undefined ? { code: input.code } : {}),
        updatedAt: sql`greatest(now(), ${suppliers.updatedAt} + interval '1 millisecond')`,
      })
      .where(and(eq(suppliers.storeId, params.storeId), eq(suppliers.id, params.supplierId)))
      .returning();
    if (!row) throw new NotFoundError(SUPPLIER_RESOURCE, params.supplierId);
    return supplierJson(row);
  } catch (error) {
    taken(error, input);
  }
}

/** Removes a supplier no shipment or claim names (those are history): otherwise 409 `supplier/in-use`. */
export async function deleteSupplier(db: Db, params: { storeId: string; supplierId: string }): Promise<void> {
  await getSupplier(db, params);
  const inUse = await db.execute<{ used: boolean }>(sql`
    select exists (select 1 from ${inboundShipments} where supplier_id = ${params.supplierId})
      or exists (select 1 from ${supplierClaims} where supplier_id = ${params.supplierId}) as used`);
  if (inUse.rows[0]?.used) {
    throw new ConflictError(
      `${SUPPLIER_RESOURCE}/in-use`,
      "Shipments or claims name this supplier; it stays in their history and cannot be removed.",
    );
  }
  await db
    .delete(suppliers)
    .where(and(eq(suppliers.storeId, params.storeId), eq(suppliers.id, params.supplierId)));
}

/**
 * Finds a supplier of the store from what a CSV cell says (docs/csv.md): its id, else its name in any letter
 * case, else its code in any letter case. Reads the store's short list once.
 */
export async function suppliersByKey(db: Db, storeId: string): Promise<(key: string) => string | undefined> {
  const rows = await db
    .select({ id: suppliers.id, name: suppliers.name, code: suppliers.code })
    .from(suppliers)
    .where(eq(suppliers.storeId, storeId));
  const byId = new Map(rows.map((row) => [row.id, row.id]));
  const byName = new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
  const byCode = new Map(
    rows.flatMap((row) => (row.code ? [[row.code.toLowerCase(), row.id] as const] : [])),
  );
  return (key) => {
    const wanted = key.trim();
    return byId.get(wanted) ?? byName.get(wanted.toLowerCase()) ?? byCode.get(wanted.toLowerCase());
  };
}
