import type { Db } from "../../db";
import { returns } from "../../db/schema";
import { isId } from "../../ids";
import { NotFoundError } from "../errors";
import { loadReturnView, type ReturnView } from "./serialize";
import { returnInStores } from "./write";

/**
 * A return with its order (`GET /returns/{returnId}`), in one SQL statement. `storeIds` are the stores
 * the caller may read; a return of another store, an unknown id and a malformed id are all the same 404
 * (decisions §1, §2).
 */
export async function getReturn(
  db: Db,
  input: { returnId: string; storeIds: readonly string[] },
): Promise<ReturnView> {
  if (!isId("return", input.returnId)) throw new NotFoundError("return", input.returnId);
  const view = await loadReturnView(db, input);
  if (!view) throw new NotFoundError("return", input.returnId);
  return view;
}

/**
 * The store of a return the caller may read, or NotFound: the API checks the caller's role in that store
 * before a write to a path without a store (`POST /returns/{returnId}/comments`).
 */
export async function findReturnStore(
  db: Db,
  input: { returnId: string; storeIds: readonly string[] },
): Promise<string> {
  const [row] = await db.select({ storeId: returns.storeId }).from(returns).where(returnInStores(input));
  if (!row) throw new NotFoundError("return", input.returnId);
  return row.storeId;
}
