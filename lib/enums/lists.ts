/** The lists of the web app and their orders. */

/** The lists a saved view (a named filter set) belongs to. */
export const SAVED_VIEW_LISTS = ["returns", "shipments"] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

/** Orders of the returns list (`sort`, `order`). */
export const RETURN_SORTS = ["updated_at", "created_at"] as const;
export const SORT_ORDERS = ["desc", "asc"] as const;

/**
 * How a search text (`q`) matches a code: `exact`, as sent or upper-cased (a scanner sends the whole code), or
 * `contains`, any part of it in any case (a person types what they remember: the last digits of a tracking
 * number, part of a PO).
 */
export const CODE_MATCHES = ["exact", "contains"] as const;
export type CodeMatch = (typeof CODE_MATCHES)[number];
