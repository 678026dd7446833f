import { z } from "zod";
import { RETURN_STATUS_UPDATES, RETURN_STATUSES } from "../enums";
import { MAX_BULK_RETURNS } from "./limits";
import { returnFiltersSchema } from "./return-requests";

/**
 * The returns list as a whole: counts per status for its tabs, and bulk actions (one request,
 * each return changed in its own transaction).
 */

export const BULK_RETURN_ACTIONS = ["approve", "flag", "unflag", "status"] as const;
export type BulkReturnAction = (typeof BULK_RETURN_ACTIONS)[number];

export const bulkReturnsBodySchema = z
  .strictObject({
    action: z.enum(BULK_RETURN_ACTIONS).meta({
      description:
        "`approve` (Approve return, every item shipping back), `flag`, `unflag`, or `status` (Update return " +
        "status to `status`).",
    }),
    status: z
      .enum(RETURN_STATUS_UPDATES)
      .optional()
      .meta({ description: "The target of `status`; only with it." }),
    customerNotes: z
      .string()
      .trim()
      .min(1, "customerNotes must not be empty.")
      .max(10_000, "customerNotes must be at most 10000 characters.")
      .optional()
      .meta({
        description: "The note to the customer of `approve`, or of `status` (for `rejected`, why).",
      }),
    return_ids: z
      .array(z.string().min(1, "A return id must not be empty."))
      .min(1, "return_ids must hold at least one id.")
      .max(MAX_BULK_RETURNS, `return_ids must hold at most ${MAX_BULK_RETURNS} ids.`)
      .optional()
      .meta({
        description: `The returns (\`ret_…\`), up to ${MAX_BULK_RETURNS}; a repeated id counts once.`,
      }),
    filter: returnFiltersSchema.optional().meta({
      description:
        "Instead of `return_ids`: the List returns filters; every return they select, if at most " +
        `${MAX_BULK_RETURNS} ("select all matching").`,
    }),
  })
  .superRefine((body, ctx) => {
    if ((body.return_ids === undefined) === (body.filter === undefined)) {
      ctx.addIssue({ code: "custom", path: ["return_ids"], message: "Send either return_ids or filter." });
    }
    if (body.action === "status" && body.status === undefined) {
      ctx.addIssue({ code: "custom", path: ["status"], message: "The status action needs a status." });
    }
    if (body.action !== "status" && body.status !== undefined) {
      ctx.addIssue({ code: "custom", path: ["status"], message: "status goes only with the status action." });
    }
  })
  .meta({ id: "BulkReturnsRequest" });
export type BulkReturnsBody = z.infer<typeof bulkReturnsBodySchema>;

const bulkResultSchema = z.union([
  z.object({ id: z.string(), ok: z.literal(true) }),
  z.object({
    id: z.string(),
    ok: z.literal(false),
    error: z.object({
      status: z.number().int().meta({ description: "The status the single operation would have answered." }),
      code: z.string().meta({ description: "Its problem code without the prefix, e.g. `return/not-found`." }),
      detail: z.string(),
    }),
  }),
]);
export type BulkReturnResult = z.infer<typeof bulkResultSchema>;

export const bulkReturnsResponseSchema = z
  .object({
    results: z.array(bulkResultSchema).meta({ description: "One per distinct return, in request order." }),
    succeeded: z.number().int(),
    failed: z.number().int(),
  })
  .meta({ id: "BulkReturnsResponse" });

export const returnCountsQuerySchema = returnFiltersSchema
  .omit({ status: true })
  .meta({ id: "ReturnCountsQuery" });

export const returnCountsResponseSchema = z
  .object({
    counts: z.object(
      Object.fromEntries(RETURN_STATUSES.map((status) => [status, z.number().int()])) as Record<
        (typeof RETURN_STATUSES)[number],
        z.ZodNumber
      >,
    ),
    total: z.number().int(),
  })
  .meta({ id: "ReturnCounts" });
export type ReturnCounts = z.infer<typeof returnCountsResponseSchema>;
