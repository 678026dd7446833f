import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { inventoryItems, locations, transferLines, transfers } from "../../db/schema";
import { newId } from "../../ids";
import type {
  CreateTransferInput,
  Transfer,
  TransferLineInput,
  UpdateTransferInput,
} from "../../schemas/transfers";
import type { Actor } from "../actor";
import { ConflictError, type FieldIssue, NotFoundError, ValidationError } from "../errors";
import { recordTransferEvent } from "../events/transfer-events";
import { productItemIdsBy } from "../inventory-items/product-items-by";
import { getTransfer, TRANSFER_RESOURCE } from "./read";

/**
 * Creating and editing draft transfers (docs/transfers.md). A draft moves no stock; its lines name catalog
 * products' inventory items (what an inbound shipment's lines can receive), one line per item.
 */

type Context = { storeId: string; actor: Actor };

type ResolvedLine = { inventoryItemId: string; quantity: number };

/** Each line's PRODUCT inventory item (by id or SKU); every unknown or repeated item is one error. */
async function resolveLines(tx: Db, storeId: string, lines: readonly TransferLineInput[]) {
  const errors: FieldIssue[] = [];
  const ids = lines.flatMap((line) => (line.inventory_item_id ? [line.inventory_item_id] : []));
  const byId = new Map(
    ids.length === 0
      ? []
      : (
          await tx
            .select({ id: inventoryItems.id, kind: inventoryItems.kind, variantId: inventoryItems.variantId })
            .from(inventoryItems)
            .where(and(eq(inventoryItems.storeId, storeId), inArray(inventoryItems.id, ids)))
        ).map((row) => [row.id, row]),
  );
  const bySku = await productItemIdsBy(
    tx,
    storeId,
    "sku",
    lines.flatMap((line) => (line.sku ? [line.sku] : [])),
  );
  const seen = new Map<string, number>();
  const resolved: ResolvedLine[] = [];
  lines.forEach((line, index) => {
    const path = `transfer.lines.${index}`;
    let itemId: string | undefined;
    if (line.inventory_item_id !== undefined) {
      const item = byId.get(line.inventory_item_id);
      if (!item) {
        errors.push({
          path: `${path}.inventory_item_id`,
          message: "No inventory item with this id exists in this store.",
        });
      } else if (item.kind !== "PRODUCT" || !item.variantId) {
        errors.push({
          path: `${path}.inventory_item_id`,
          message:
            "Only catalog products can be transferred: the destination receives them as shipment lines.",
        });
      } else itemId = item.id;
    } else {
      const matches = bySku.get(line.sku as string) ?? [];
      if (matches.length === 1) itemId = matches[0];
      else {
        errors.push({
          path: `${path}.sku`,
          message:
            matches.length === 0
              ? `No catalog product has the SKU ${JSON.stringify(line.sku)} in this store.`
              : `Several inventory items have the SKU ${JSON.stringify(line.sku)}; give inventory_item_id instead.`,
        });
      }
    }
    if (!itemId) return;
    const earlier = seen.get(itemId);
    if (earlier !== undefined) {
      errors.push({ path, message: `The same item as line ${earlier}: give its units on one line.` });
      return;
    }
    seen.set(itemId, index);
    resolved.push({ inventoryItemId: itemId, quantity: line.quantity });
  });
  return { resolved, errors };
}

/** The two locations must be active locations of the store, and different. */
async function checkLocations(tx: Db, storeId: string, originId: string, destinationId: string) {
  const rows = await tx
    .select({ id: locations.id, archivedAt: locations.archivedAt })
    .from(locations)
    .where(and(eq(locations.storeId, storeId), inArray(locations.id, [originId, destinationId])));
  const errors: FieldIssue[] = [];
  for (const [field, id] of [
    ["origin_location_id", originId],
    ["destination_location_id", destinationId],
  ] as const) {
    const row = rows.find((candidate) => candidate.id === id);
    if (!row)
      errors.push({ path: `transfer.${field}`, message: "No location with this id exists in this store." });
    else if (row.archivedAt)
      errors.push({ path: `transfer.${field}`, message: "This location is archived; pick an active one." });
  }
  if (originId === destinationId) {
    errors.push({
      path: "transfer.destination_location_id",
      message: "The destination must be another location than the origin.",
    });
  }
  return errors;
}

function invalid(errors: FieldIssue[]): ValidationError {
  return new ValidationError(
    TRANSFER_RESOURCE,
    errors,
    "The transfer names things this store does not have.",
  );
}

async function writeLines(tx: Db, transferId: string, lines: readonly ResolvedLine[]) {
  await tx.delete(transferLines).where(eq(transferLines.transferId, transferId));
  await tx.insert(transferLines).values(
    lines.map((line, position) => ({
      id: newId("transferLine"),
      transferId,
      inventoryItemId: line.inventoryItemId,
      position,
      quantity: line.quantity,
    })),
  );
}

const counts = (lines: readonly ResolvedLine[]) => ({
  lineCount: lines.length,
  unitCount: lines.reduce((sum, line) => sum + line.quantity, 0),
});

/** A new draft: two active locations of the store and 1..500 lines. */
export async function createTransfer(
  db: Db,
  context: Context,
  input: CreateTransferInput,
): Promise<Transfer> {
  return db.transaction(async (tx) => {
    const locationErrors = await checkLocations(
      tx,
      context.storeId,
      input.origin_location_id,
      input.destination_location_id,
    );
    const { resolved, errors } = await resolveLines(tx, context.storeId, input.lines);
    if (locationErrors.length + errors.length > 0) throw invalid([...locationErrors, ...errors]);
    const id = newId("transfer");
    await tx.insert(transfers).values({
      id,
      storeId: context.storeId,
      originLocationId: input.origin_location_id,
      destinationLocationId: input.destination_location_id,
      status: "DRAFT",
      note: input.note || null,
      createdByName: context.actor.name,
      ...counts(resolved),
    });
    await writeLines(tx, id, resolved);
    const transfer = await getTransfer(tx, { storeId: context.storeId, transferId: id });
    await recordTransferEvent(tx, context.storeId, "created", transfer);
    return transfer;
  });
}

/** The transfer's row, locked until the transaction ends: every status change of a transfer takes it first. */
export async function lockTransfer(tx: Db, storeId: string, transferId: string) {
  const [row] = await tx
    .select()
    .from(transfers)
    .where(and(eq(transfers.storeId, storeId), eq(transfers.id, transferId)))
    .orderBy(asc(transfers.id))
    .for("update");
  if (!row) throw new NotFoundError(TRANSFER_RESOURCE, transferId);
  return row;
}

export function notInStatus(status: string, action: string): ConflictError {
  return new ConflictError(
    `${TRANSFER_RESOURCE}/wrong-status`,
    `This transfer is ${status.toLowerCase().replaceAll("_", " ")}; ${action}`,
  );
}

/** Changes a draft's locations, note or lines (which replace every line); 409 once it was shipped. */
export async function updateTransfer(
  db: Db,
  context: Context & { transferId: string },
  input: UpdateTransferInput,
): Promise<Transfer> {
  return db.transaction(async (tx) => {
    const current = await lockTransfer(tx, context.storeId, context.transferId);
    if (current.status !== "DRAFT") throw notInStatus(current.status, "only a draft can be changed.");
    const origin = input.origin_location_id ?? current.originLocationId;
    const destination = input.destination_location_id ?? current.destinationLocationId;
    const locationErrors =
      input.origin_location_id !== undefined || input.destination_location_id !== undefined
        ? await checkLocations(tx, context.storeId, origin, destination)
        : [];
    const lines = input.lines ? await resolveLines(tx, context.storeId, input.lines) : undefined;
    const errors = [...locationErrors, ...(lines?.errors ?? [])];
    if (errors.length > 0) throw invalid(errors);
    await tx
      .update(transfers)
      .set({
        originLocationId: origin,
        destinationLocationId: destination,
        ...(input.note !== undefined ? { note: input.note || null } : {}),
        ...(lines ? counts(lines.resolved) : {}),
        updatedAt: sql`greatest(now(), ${transfers.updatedAt} + interval '1 millisecond')`,
      })
      .where(eq(transfers.id, context.transferId));
    if (lines) await writeLines(tx, context.transferId, lines.resolved);
    const transfer = await getTransfer(tx, { storeId: context.storeId, transferId: context.transferId });
    await recordTransferEvent(tx, context.storeId, "updated", transfer);
    return transfer;
  });
}
