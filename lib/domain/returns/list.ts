import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { returns } from "../../db/schema";
import type { ReturnStatus } from "../../enums";
import type { Order } from "../../schemas/orders";
import type { ReturnFiltersQuery } from "../../schemas/return-requests";
import type { Return } from "../../schemas/returns";
import { ValidationError } from "../errors";
import type { KeysetPosition } from "../paging";
import { loadReturnViews } from "./serialize";

/** Kept as a name of its own for callers of the returns module. */
export type ReturnCursor = KeysetPosition;

export type ListReturnsInput = {
  storeId: string;
  status?: ReturnStatus;
  /** Inclusive lower bound of updated_at. */
  updatedAtMin?: Date;
  /** Exclusive upper bound of updated_at. */
  updatedAtMax?: Date;
  /** Substring of the order name, the customer's e-mail or name, any case. */
  q?: string;
  /** Exact names of the order (`shopify_order_name`, `provider_order_name`): each must match. */
  orderNames?: string[];
  /** The column the list is ordered by (then by id): `updated_at` unless given. */
  sort?: "updated_at" | "created_at";
  /** `desc` (newest first) unless given. */
  order?: "desc" | "asc";
  /** Page size, 1..500. */
  limit: number;
  /** The last row of the previous page (its `next`). */
  after?: ReturnCursor;
};

export type ListReturnsResult = {
  returns: Return[];
  /** The orders of those returns, each once, in the order they first appear. */
  orders: Order[];
  /** Present when more results exist: pass it back as `after`. */
  next?: ReturnCursor;
};

export const MAX_RETURNS_PAGE_SIZE = 500;

/**
 * One page of a store's returns, most recently updated first (updated_at desc, id desc) unless `sort` and
 * `order` say otherwise. Keyset paging, never OFFSET: the page query walks `returns_store_updated_idx` (or
 * `returns_store_status_updated_idx` with a status; the `created` pair for created_at) from the cursor and stops after limit + 1 rows, so every page costs the same. Two
 * statements per page whatever its size: the page's ids, then the returns with all their parts.
 */
export async function listReturns(db: Db, input: ListReturnsInput): Promise<ListReturnsResult> {
  const { limit } = input;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_RETURNS_PAGE_SIZE) {
    throw new ValidationError("return", [
      { path: "limit", message: `The page size must be an integer from 1 to ${MAX_RETURNS_PAGE_SIZE}.` },
    ]);
  }
  const conditions = returnFilterConditions(input);
  const column = input.sort === "created_at" ? returns.createdAt : returns.updatedAt;
  const ascending = input.order === "asc";
  if (input.after) {
    // Row comparison in the sort's direction: matches the index order (store, [status,] column, id), which
    // PostgreSQL reads forwards or backwards, so it seeks straight to the cursor either way. The cursor's
    // `updatedAt` holds the value of the sorted column (KeysetPosition), and its filters digest includes
    // sort and order, so a marker of one order is refused in another.
    const position = sql`(${input.after.updatedAt.toISOString()}::timestamptz, ${input.after.id})`;
    conditions.push(
      ascending
        ? sql`(${column}, ${returns.id}) > ${position}`
        : sql`(${column}, ${returns.id}) < ${position}`,
    );
  }
  const direction = ascending ? asc : desc;
  const page = await db
    .select({ id: returns.id, at: column })
    .from(returns)
    .where(and(...conditions))
    .orderBy(direction(column), direction(returns.id))
    .limit(limit + 1);

  const more = page.length > limit;
  const rows = more ? page.slice(0, limit) : page;
  const views = await loadReturnViews(
    db,
    rows.map((row) => row.id),
  );
  const orders = new Map<string, Order>();
  for (const view of views) if (!orders.has(view.order.id)) orders.set(view.order.id, view.order);
  const last = rows.at(-1);
  return {
    returns: views.map((view) => view.return),
    orders: [...orders.values()],
    ...(more && last ? { next: { updatedAt: last.at, id: last.id } } : {}),
  };
}

/** The filters every view of the list shares (list, counts, export, bulk "all matching"). */
export type ReturnFilters = Pick<
  ListReturnsInput,
  "storeId" | "status" | "updatedAtMin" | "updatedAtMax" | "q" | "orderNames"
>;

/** The filters of a list query (`status`, `updated_at_*`, `q`, `*_order_name`) for one store. */
export function returnFiltersOf(storeId: string, query: ReturnFiltersQuery): ReturnFilters {
  const orderNames = [query.shopify_order_name, query.provider_order_name].filter(
    (name): name is string => name !== undefined,
  );
  return {
    storeId,
    status: query.status,
    updatedAtMin: query.updated_at_min ? new Date(query.updated_at_min) : undefined,
    updatedAtMax: query.updated_at_max ? new Date(query.updated_at_max) : undefined,
    q: query.q,
    ...(orderNames.length > 0 ? { orderNames } : {}),
  };
}

/** The list's filters (store, status, updated range, search, order name) as conditions; the export applies the same. */
export function returnFilterConditions(input: ReturnFilters): SQL[] {
  const conditions: SQL[] = [eq(returns.storeId, input.storeId)];
  if (input.status) conditions.push(eq(returns.status, input.status));
  if (input.updatedAtMin) conditions.push(gte(returns.updatedAt, input.updatedAtMin));
  if (input.updatedAtMax) conditions.push(lt(returns.updatedAt, input.updatedAtMax));
  const search = input.q?.trim();
  if (search) conditions.push(searchCondition(input.storeId, search));
  // The order by its exact name: `orders_store_name_key` finds it, `returns_order_idx` its returns.
  for (const name of new Set(input.orderNames ?? [])) {
    conditions.push(
      sql`${returns.orderId} in (select o.id from orders o where o.store_id = ${input.storeId} and o.name = ${name})`,
    );
  }
  return conditions;
}

/** Escapes LIKE's wildcards so the search text matches literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * `q` as a case-insensitive substring of the customer's e-mail, given name, surname or full name (columns
 * of the return) or of the order's name or e-mail. The return side is one expression so a trigram index
 * on it can serve the search (see docs); the order side is a semi-join on the store's orders.
 */
function searchCondition(storeId: string, search: string): SQL {
  const pattern = `%${escapeLike(search)}%`;
  return sql`(
    lower(${returns.sourceEmail} || ' ' || ${returns.sourceGivenName} || ' ' || ${returns.sourceSurname})
      like lower(${pattern})
    or ${returns.orderId} in (
      select o.id from orders o
      where o.store_id = ${storeId}
        and (lower(o.name) like lower(${pattern}) or lower(o.customer_email) like lower(${pattern}))
    )
  )`;
}

/**
 * How many returns each status holds under the list's other filters (the list's status tabs): one
 * `group by` over the same conditions, statuses without returns absent.
 */
export async function countReturnsByStatus(
  db: Db,
  input: Omit<ReturnFilters, "status">,
): Promise<Partial<Record<ReturnStatus, number>>> {
  const rows = await db
    .select({ status: returns.status, count: count() })
    .from(returns)
    .where(and(...returnFilterConditions({ ...input, status: undefined })))
    .groupBy(returns.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}
