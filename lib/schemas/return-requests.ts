import { z } from "zod";
import { RETURN_SORTS, RETURN_STATUSES, SORT_ORDERS } from "../enums";
import { dateTimeInputSchema } from "./common";
import { MAX_SEARCH_LENGTH } from "./limits";

/** Request bodies and queries of the return operations (decisions §5). */

export const MAX_ITEM_IDENTIFIER_ENTRIES = 500;
export const MAX_EXTERNAL_IDENTIFIER_LENGTH = 255;
export const MAX_COMMENT_MESSAGE_LENGTH = 10_000;
// The comment image limits are in limits.ts (zod-free: the web app checks a file against them before sending).
/** Text limit of the `image` field: 5 MiB in base64 plus a data: prefix and line breaks. */
export const MAX_COMMENT_IMAGE_CHARS = 7 * 1024 * 1024;

// C0 controls, DEL and C1 controls: invisible in every UI and a source of look-alike identifiers.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001F\u007F-\u009F]*$/;

export const itemIdentifierEntrySchema = z
  .strictObject({
    id: z.string().min(1, "The item id must not be empty."),
    externalIdentifier: z
      .string()
      .max(
        MAX_EXTERNAL_IDENTIFIER_LENGTH,
        `The external identifier must be at most ${MAX_EXTERNAL_IDENTIFIER_LENGTH} characters.`,
      )
      .regex(NO_CONTROL_CHARACTERS, "The external identifier must not contain control characters.")
      .meta({ description: "The identifier to record; the empty string clears it." }),
  })
  .meta({ id: "ReturnItemIdentifier" });
export type ItemIdentifierEntry = z.infer<typeof itemIdentifierEntrySchema>;

export const setItemIdentifiersBodySchema = z
  .strictObject({
    items: z
      .array(itemIdentifierEntrySchema)
      .min(1, "items must hold at least one entry.")
      .max(MAX_ITEM_IDENTIFIER_ENTRIES, `items must hold at most ${MAX_ITEM_IDENTIFIER_ENTRIES} entries.`)
      .superRefine((items, ctx) => {
        // Runs even when some entries are invalid, so every problem is reported at once.
        const first = new Map<string, number>();
        items.forEach((item, index) => {
          if (typeof item?.id !== "string" || item.id === "") return;
          const earlier = first.get(item.id);
          if (earlier === undefined) first.set(item.id, index);
          else {
            ctx.addIssue({
              code: "custom",
              path: [index, "id"],
              message: `Duplicate item id ${JSON.stringify(item.id)}: it already appears at items.${earlier}.id.`,
            });
          }
        });
      }),
  })
  .meta({ id: "SetReturnItemIdentifiersRequest" });
export type SetItemIdentifiersBody = z.infer<typeof setItemIdentifiersBodySchema>;

/** `data:image/<type>;base64,` (optional) then standard base64; line breaks are tolerated. */
export const IMAGE_DATA_PATTERN = /^(data:image\/[A-Za-z0-9.+-]+;base64,)?[A-Za-z0-9+/\s]*={0,2}\s*$/;

export const commentMessageSchema = z
  .string()
  .trim()
  .min(1, "The message must not be empty.")
  .max(MAX_COMMENT_MESSAGE_LENGTH, `The message must be at most ${MAX_COMMENT_MESSAGE_LENGTH} characters.`);

export const commentImageDataSchema = z
  .string()
  .min(1, "The image must not be empty.")
  .max(MAX_COMMENT_IMAGE_CHARS, "The image must be at most 5 MiB.")
  .regex(
    IMAGE_DATA_PATTERN,
    "The image must be base64 data, optionally prefixed with data:image/<type>;base64,.",
  )
  .meta({
    description: "A PNG, JPEG, GIF or WebP image of at most 5 MiB, base64-encoded (a data: URL is accepted).",
    contentEncoding: "base64",
  });

/**
 * `{ comment: { message } }` or `{ comment: { image } }`: exactly one key, nothing else. Written as one
 * strict object with an exactly-one check (not a union) so each problem is reported at its own path
 * (`comment.message`, `comment.image`, an unknown key) instead of a single "invalid union".
 */
export const createCommentInputSchema = z
  .strictObject({ message: commentMessageSchema.optional(), image: commentImageDataSchema.optional() })
  .superRefine((comment, ctx) => {
    const given = [comment.message, comment.image].filter((value) => value !== undefined).length;
    if (given !== 1) {
      ctx.addIssue({
        code: "custom",
        path: [],
        message:
          given === 0
            ? "The comment needs a message or an image."
            : "The comment takes a message or an image, not both.",
      });
    }
  })
  .meta({
    id: "CreateComment",
    description: "A message comment or an image comment: exactly one of the two keys.",
    oneOf: [{ required: ["message"] }, { required: ["image"] }],
  });
export type CreateCommentInput = z.infer<typeof createCommentInputSchema>;

export const createCommentBodySchema = z
  .strictObject({ comment: createCommentInputSchema })
  .meta({ id: "CreateCommentRequest" });
export type CreateCommentBody = z.infer<typeof createCommentBodySchema>;

const orderNameFilterSchema = z
  .string()
  .min(1, "The order name must not be empty.")
  .max(MAX_SEARCH_LENGTH, `The order name must be at most ${MAX_SEARCH_LENGTH} characters.`)
  .optional();

/** The return list's filters (snake_case like the interface's other list, inbound shipments). */
export const returnFiltersSchema = z
  .strictObject({
    status: z.enum(RETURN_STATUSES).optional(),
    updated_at_min: dateTimeInputSchema.optional().meta({ description: "Updated at or after (inclusive)." }),
    updated_at_max: dateTimeInputSchema.optional().meta({ description: "Updated before (exclusive)." }),
    q: z
      .string()
      .max(MAX_SEARCH_LENGTH, `q must be at most ${MAX_SEARCH_LENGTH} characters.`)
      .optional()
      .meta({ description: "Matches the order name, the customer's e-mail and name (substring, any case)." }),
    shopify_order_name: orderNameFilterSchema.meta({
      description:
        "Only returns of the order with exactly this name (as the platform shows it, e.g. `#1001`).",
      examples: ["#1001"],
    }),
    provider_order_name: orderNameFilterSchema.meta({
      description:
        "Only returns of the order with exactly this name in its commerce platform (e.g. `#1001`); the same " +
        "order name as `shopify_order_name`, for any platform.",
      examples: ["#1001"],
    }),
  })
  .meta({ id: "ReturnFilters" });
export type ReturnFiltersQuery = z.infer<typeof returnFiltersSchema>;

/** Query of the app's return list: the filters and the order (newest update first unless asked). */
export const listReturnsQuerySchema = returnFiltersSchema
  .extend({
    sort: z
      .enum(RETURN_SORTS)
      .optional()
      .meta({ description: "Order by `updated_at` (default) or `created_at`, then by id." }),
    order: z.enum(SORT_ORDERS).optional().meta({ description: "`desc` (default: newest first) or `asc`." }),
  })
  .meta({ id: "ListReturnsQuery" });
export type ListReturnsQuery = z.infer<typeof listReturnsQuerySchema>;
