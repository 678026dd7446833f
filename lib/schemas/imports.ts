import { z } from "zod";

/** CSV imports (docs/csv.md "Import"): the check's report and the import's progress stream. */

export const IMPORT_FILE_LIMIT = 50 * 1024 * 1024;

const importErrorSchema = z
  .object({
    line: z.int().meta({ description: "Line of the file (the header is line 1)." }),
    column: z.string().meta({ description: "The column the problem is in; empty for the whole line." }),
    message: z.string(),
  })
  .meta({ id: "ImportError" });

export const importCheckResponseSchema = z
  .object({
    import: z.object({
      rows: z.int().meta({ description: "Data lines read." }),
      create: z
        .int()
        .meta({ description: "Records (shipments, stock levels, products) the import would create." }),
      update: z.int(),
      unchanged: z.int(),
      lines: z
        .int()
        .meta({ description: "Rows that would be written (shipment lines, stock levels, variants)." }),
      error_count: z.int(),
      errors: z.array(importErrorSchema).meta({ description: "The first 500 problems, in file order." }),
      preview: z
        .array(z.object({ line: z.int(), values: z.record(z.string(), z.string()) }))
        .meta({ description: "The first 20 data lines as read." }),
    }),
  })
  .meta({ id: "ImportCheck" });
export type ImportCheck = z.infer<typeof importCheckResponseSchema>["import"];

/** One line of the import's `application/x-ndjson` answer. */
export const importEventSchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("progress"), done: z.int(), total: z.int() }),
    z.object({
      type: z.literal("done"),
      summary: z.object({ created: z.int(), updated: z.int(), unchanged: z.int(), lines: z.int() }),
    }),
    z.object({ type: z.literal("error"), detail: z.string() }),
  ])
  .meta({ id: "ImportEvent" });
export type ImportEvent = z.infer<typeof importEventSchema>;
