import { z } from "zod";
import { CODE_MATCHES } from "../enums";
import { timestampSchema } from "./common";

/** Find anything by a code (docs/search.md): `GET /stores/{storeId}/search?q=`. */

export const SEARCH_RESULT_TYPES = ["return", "inbound_shipment", "inventory_item", "location"] as const;
export const SEARCH_MATCHES = [
  "id",
  "order_name",
  "tracking_number",
  "shipment_id",
  "item_identifier",
  "license_plate",
  "shipment_line",
  "sku",
  "upc",
  "bin_code",
] as const;

export const searchQuerySchema = z.strictObject({
  q: z
    .string()
    .trim()
    .min(1, "Send a code to look for.")
    .max(255)
    .meta({
      description:
        "A return id, order name (`#1042` or `1042`), tracking number (inbound or return), merchant shipment id, " +
        "return item identifier, license plate (`LP-…`), shipment line or carton label (`isp_…`, `12*isp_…`), " +
        "inventory item id, SKU, UPC, location id or bin code (which finds the bin's location); matched exactly, as sent or upper-cased (with " +
        "`match=contains`, any part of one, in any case).",
    }),
  match: z
    .enum(CODE_MATCHES)
    .optional()
    .meta({
      description:
        "`exact` (the default: a scanned or typed code) or `contains` (any part of a code, any case: suggestions " +
        "while someone types).",
    }),
});

export const searchResultSchema = z
  .object({
    type: z.enum(SEARCH_RESULT_TYPES),
    id: z.string(),
    title: z.string(),
    subtitle: z.string(),
    matched: z.enum(SEARCH_MATCHES).meta({ description: "What the code matched." }),
    updated_at: timestampSchema,
  })
  .meta({ id: "SearchResult" });
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z
  .object({ results: z.array(searchResultSchema) })
  .meta({ id: "SearchResults" });
