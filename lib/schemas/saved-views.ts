import { z } from "zod";
import { SAVED_VIEW_LISTS } from "../enums";
import { savedViewQueryIssues } from "./saved-view-params";

/**
 * Saved views: a named filter set of the returns or shipments list, stored as the list page's
 * URL query so applying one is navigating to it (the URL stays the source of truth). Only the list's own
 * parameters, each once and with a value the page accepts, may be saved.
 */

export const MAX_SAVED_VIEW_NAME = 100;
const MAX_QUERY_LENGTH = 1000;
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
