import { z } from "zod";
import { DISPOSITIONS, RETURN_STATUS_UPDATES, RETURN_STATUSES } from "../enums";
import { processInspectionSchema } from "./inspection";
import { MAX_CUSTOMER_NOTES_LENGTH, MAX_ITEM_TEXT_LENGTH, MAX_TAG_NAME_LENGTH } from "./limits";
import { returnSchema, tagSchema } from "./returns";

/**
 * Requests and answers of the return lifecycle operations (docs/returns-lifecycle.md). Names and wrappers
 * follow the real service's published paths (redoapp/redo-dev redo/api-schema/src/path/return-status,
 * return-approve, return-process, return-flag); fields it does not have are Backroom extensions, said so
 * in their descriptions.
 */

export const MAX_PROCESS_PRODUCTS = 500;
// MAX_CUSTOMER_NOTES_LENGTH and MAX_ITEM_TEXT_LENGTH (grade, outcome and reject reason: short free text, the
// demo's grades are like "B - Minor wear") are in limits.ts, zod-free, for the forms that show them.

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001F\u007F-\u009F]*$/;

function shortText(field: string, max = MAX_ITEM_TEXT_LENGTH) {
  return z
    .string()
    .trim()
    .min(1, `${field} must not be empty.`)
    .max(max, `${field} must be at most ${max} characters.`)
    .regex(NO_CONTROL_CHARACTERS, `${field} must not contain control characters.`);
}

const customerNotesSchema = z
  .string()
  .trim()
  .min(1, "customerNotes must not be empty.")
  .max(MAX_CUSTOMER_NOTES_LENGTH, `customerNotes must be at most ${MAX_CUSTOMER_NOTES_LENGTH} characters.`);

export const returnStatusSchema = z.enum(RETURN_STATUSES);

export const returnStatusResponseSchema = z
  .object({ status: returnStatusSchema })
  .meta({ id: "ReturnStatusResponse" });

export const updateReturnStatusBodySchema = z
  .strictObject({
    status: z.enum(RETURN_STATUS_UPDATES),
    customerNotes: customerNotesSchema.optional().meta({
      description:
        "Backroom extension: a note to the customer (for a rejection, say why); kept in the return's activity.",
    }),
  })
  .meta({ id: "UpdateReturnStatusRequest" });

function uniqueIds<T>(idOf: (entry: T) => unknown, field: string, list: string) {
  return (entries: T[], ctx: z.RefinementCtx) => {
    const first = new Map<string, number>();
    entries.forEach((entry, index) => {
      const id = idOf(entry);
      if (typeof id !== "string" || id === "") return;
      const earlier = first.get(id);
      if (earlier === undefined) first.set(id, index);
      else {
        ctx.addIssue({
          code: "custom",
          path: [index, field],
          message: `Duplicate item id ${JSON.stringify(id)}: it already appears at ${list}.${earlier}.${field}.`,
        });
      }
    });
  };
}

export const approveReturnBodySchema = z
  .strictObject({
    customerNotes: customerNotesSchema.optional().meta({ description: "Notes to share with the customer." }),
    items: z
      .array(
        z.strictObject({
          id: z.string().min(1, "The item id must not be empty."),
          shipBack: z.boolean().optional().meta({
            description: "Whether the customer ships this item back (default true); false makes it green.",
          }),
        }),
      )
      .max(MAX_PROCESS_PRODUCTS)
      .superRefine(uniqueIds((item: { id: string }) => item.id, "id", "items"))
      .optional()
      .meta({ description: "Per-item settings; omitted: every item ships back." }),
  })
  .meta({ id: "ApproveReturnRequest" });
export type ApproveReturnBody = z.infer<typeof approveReturnBodySchema>;

/** Money as the real service's `newMerchantAdjustment`: a number, here at most two decimals and not negative. */
const adjustmentSchema = z
  .number()
  .min(0, "newMerchantAdjustment must not be negative.")
  .max(999_999_999_999, "newMerchantAdjustment is too large.")
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    message: "newMerchantAdjustment must have at most two decimals.",
  });

const processProductSchema = z
  .strictObject({
    _id: z.string().min(1, "The item id must not be empty.").meta({ description: "Return item id." }),
    processInput: z
      .strictObject({
        newMerchantAdjustment: adjustmentSchema.nullable().optional().meta({
          description: "The amount credited for this item, replacing its value (null or absent: unchanged).",
        }),
        restock: z.boolean().optional().meta({ description: "Put the item back into stock." }),
        locationId: z
          .string()
          .min(1)
          .optional()
          .meta({
            description:
              "Backroom extension: the location restocked, with `restock: true` or a `disposition`. Default: the " +
              "store's default return location (its first active location, by name, with a return address).",
          }),
        disposition: z
          .enum(DISPOSITIONS)
          .optional()
          .meta({
            description:
              "Backroom extension (docs/dispositions.md): where the item's units go. `restock` is `restock: true` " +
              "(sellable stock, the inventory level); `open_box`, `refurbish`, `return_to_vendor`, `liquidate`, " +
              "`donate`, `dispose` and `quarantine` put them into that non-sellable stock state at the location, " +
              "through the inventory ledger, leaving the level (sellable on hand) as it was. Absent: as before " +
              "(`restock` decides). With `restock: true` only `restock` is allowed.",
          }),
      })
      .nullable()
      .optional(),
    reject: z
      .boolean()
      .optional()
      .meta({ description: "Reject this item (only one of this and processInput)." }),
    rejectReason: shortText("rejectReason")
      .optional()
      .meta({ description: "Backroom extension: why the item is rejected, with `reject: true`." }),
    grade: shortText("grade").optional().meta({ description: "Backroom extension: the item's grade." }),
    outcome: shortText("outcome")
      .optional()
      .meta({
        description:
          "Backroom extension: what becomes of the item (default `restock` when restocked, " +
          "`return_to_customer` when rejected, `customer_kept` for a green item).",
      }),
    inspection: processInspectionSchema.optional(),
  })
  .superRefine((product, ctx) => {
    const processing = product.processInput !== undefined && product.processInput !== null;
    if (product.reject === true && processing) {
      ctx.addIssue({
        code: "custom",
        path: ["reject"],
        message: "Give only one of reject and processInput.",
      });
    }
    if (product.reject !== true && product.rejectReason !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["rejectReason"],
        message: "rejectReason goes with reject: true.",
      });
    }
    const input = product.processInput;
    if (input?.restock !== true && input?.disposition === undefined && input?.locationId !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["processInput", "locationId"],
        message: "locationId goes with restock: true or a disposition.",
      });
    }
    if (input?.disposition !== undefined && input.restock !== undefined) {
      if ((input.disposition === "restock") !== input.restock) {
        ctx.addIssue({
          code: "custom",
          path: ["processInput", "disposition"],
          message: input.restock
            ? "restock: true puts the item back into sellable stock: give disposition restock, or leave restock out."
            : "disposition restock puts the item back into stock: leave restock out, or send restock: true.",
        });
      }
    }
  });
export type ProcessProduct = z.infer<typeof processProductSchema>;

export const processReturnBodySchema = z
  .strictObject({
    customerNotes: customerNotesSchema.optional().meta({ description: "Notes to send to the customer." }),
    products: z
      .array(processProductSchema)
      .min(1, "products must hold at least one item.")
      .max(MAX_PROCESS_PRODUCTS, `products must hold at most ${MAX_PROCESS_PRODUCTS} items.`)
      .superRefine(uniqueIds((product: { _id: string }) => product._id, "_id", "products")),
  })
  .meta({ id: "ProcessReturnRequest" });
export type ProcessReturnBody = z.infer<typeof processReturnBodySchema>;

export const processReturnResponseSchema = z
  .object({
    message: z.string().meta({ description: "Status message." }),
    return: returnSchema.meta({ description: "Backroom extension: the return after processing." }),
    dispositions: z
      .array(
        z.object({
          item_id: z.string().meta({ description: "The return item." }),
          disposition: z.enum(DISPOSITIONS),
          inventory_item_id: z.string().meta({ description: "The inventory item its units went into." }),
          location_id: z.string(),
          quantity: z.int().min(1),
        }),
      )
      .meta({
        description:
          "Backroom extension (docs/dispositions.md): where this request put each processed item's units, restocked " +
          "or into a non-sellable state (unbinned; put them away with the bin or stock state moves).",
      }),
  })
  .meta({ id: "ProcessReturnResponse" });
export type ProcessReturnResponse = z.infer<typeof processReturnResponseSchema>;

export const tagNameSchema = shortText("The tag name", MAX_TAG_NAME_LENGTH);

export const addReturnTagBodySchema = z
  .strictObject({ tag: z.strictObject({ name: tagNameSchema }) })
  .meta({ id: "AddReturnTagRequest" });

export const returnTagResponseSchema = z.object({ tag: tagSchema }).meta({ id: "ReturnTagResponse" });
export const returnTagsResponseSchema = z
  .object({ tags: z.array(tagSchema) })
  .meta({ id: "ReturnTagsResponse" });
export const deleteReturnTagResponseSchema = z
  .object({ success: z.literal(true) })
  .meta({ id: "DeleteReturnTagResponse" });
