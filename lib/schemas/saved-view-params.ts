import {
  INBOUND_SHIPMENT_STATUSES,
  RETURN_SORTS,
  RETURN_STATUSES,
  type SavedViewList,
  SORT_ORDERS,
} from "../enums";
import { MAX_SEARCH_LENGTH } from "./limits";

/*
 * The list pages' URL parameters a saved view may hold (lib/schemas/saved-views.ts), without zod: the Views
 * menu on the returns and shipments lists checks them too, and importing the schema file would ship zod in
 * those pages' first load.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = (values: readonly string[]) => (value: string) => values.includes(value);

/** The URL parameters of each list page (components/returns, components/shipments) and their values. */
export const SAVED_VIEW_PARAMS: Record<SavedViewList, Record<string, (value: string) => boolean>> = {
  returns: {
    q: (value) => value.length > 0 && value.length <= MAX_SEARCH_LENGTH,
    status: oneOf(RETURN_STATUSES),
    sort: oneOf(RETURN_SORTS),
    order: oneOf(SORT_ORDERS),
  },
  shipments: {
    q: (value) => value.length > 0 && value.length <= MAX_SEARCH_LENGTH,
    status: oneOf(INBOUND_SHIPMENT_STATUSES),
    location: (value) => /^loc_[0-9A-Za-z]{1,64}$/.test(value),
    from: (value) => DAY.test(value),
    to: (value) => DAY.test(value),
    late: (value) => value === "true",
    arriving: (value) => /^\d{1,3}$/.test(value) && Number(value) <= 365,
  },
};

/** The problems of `query` as a saved view of `list`: unknown or repeated parameters, refused values. */
export function savedViewQueryIssues(list: SavedViewList, query: string): string[] {
  const known = SAVED_VIEW_PARAMS[list];
  const seen = new Set<string>();
  const issues: string[] = [];
  for (const [key, value] of new URLSearchParams(query)) {
    const check = known[key];
    if (!check) issues.push(`${JSON.stringify(key)} is not a filter of the ${list} list.`);
    else if (seen.has(key)) issues.push(`${JSON.stringify(key)} appears more than once.`);
    else if (!check(value)) issues.push(`${JSON.stringify(value)} is not a valid ${key}.`);
    seen.add(key);
  }
  return issues;
}
