import { z } from "zod";
import { INBOUND_SHIPMENT_STATUSES, RETURN_STATUSES, SAVED_VIEW_LISTS, type SavedViewList } from "../enums";
import { MAX_SEARCH_LENGTH, RETURN_SORTS, SORT_ORDERS } from "./return-requests";

/**
 * Saved views (issue 13): a named filter set of the returns or shipments list, stored as the list page's
 * URL query so applying one is navigating to it (the URL stays the source of truth). Only the list's own
 * parameters, each once and with a value the page accepts, may be saved.
 */

export const MAX_SAVED_VIEW_NAME = 100;
const MAX_QUERY_LENGTH = 1000;
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

export const createSavedViewBodySchema = z
  .strictObject({
    saved_view: z
      .strictObject({
        list: z.enum(SAVED_VIEW_LISTS),
        name: z
          .string()
          .trim()
          .min(1, "The name must not be empty.")
          .max(MAX_SAVED_VIEW_NAME, `The name must be at most ${MAX_SAVED_VIEW_NAME} characters.`),
        query: z
          .string()
          .max(MAX_QUERY_LENGTH, `The query must be at most ${MAX_QUERY_LENGTH} characters.`)
          .transform((value) => value.replace(/^\?/, ""))
          .meta({ description: "The list page's URL query (`status=open&q=smith`), with or without `?`." }),
        shared: z.boolean().default(false).meta({ description: "Visible to every member of the store." }),
      })
      .superRefine((view, ctx) => {
        if (typeof view.query !== "string" || !SAVED_VIEW_LISTS.includes(view.list)) return;
        for (const message of savedViewQueryIssues(view.list, view.query)) {
          ctx.addIssue({ code: "custom", path: ["query"], message });
        }
      }),
  })
  .meta({ id: "CreateSavedViewRequest" });
export type CreateSavedViewBody = z.infer<typeof createSavedViewBodySchema>;

export const savedViewSchema = z
  .object({
    id: z.string(),
    list: z.enum(SAVED_VIEW_LISTS),
    name: z.string(),
    query: z.string(),
    shared: z.boolean(),
    owner: z.object({ id: z.string(), name: z.string() }),
    /** Whether the caller may delete it: their own, or a shared one for an editor or admin. */
    deletable: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: "SavedView" });
export type SavedView = z.infer<typeof savedViewSchema>;

export const listSavedViewsQuerySchema = z
  .strictObject({ list: z.enum(SAVED_VIEW_LISTS).optional() })
  .meta({ id: "ListSavedViewsQuery" });

export const savedViewsResponseSchema = z
  .object({ saved_views: z.array(savedViewSchema) })
  .meta({ id: "SavedViews" });
export const savedViewResponseSchema = z
  .object({ saved_view: savedViewSchema })
  .meta({ id: "SavedViewResponse" });
