import { z } from "zod";
import {
  ACTOR_KINDS,
  LABEL_FORMATS,
  LABEL_SIZES,
  LABEL_SUBJECT_TYPES,
  SHIPMENT_LABEL_KINDS,
  THERMAL_LABEL_SIZES,
} from "../enums";
import { timestampSchema } from "./common";

/**
 * Labels (docs/labels.md), a Backroom extension: snake_case like the neighbouring extensions. Every print
 * request says the format and the stock; ZPL goes to thermal rolls only.
 */

const MAX_COPIES = 500;
const MAX_IDS = 1_000;

const printFields = {
  format: z.enum(LABEL_FORMATS).meta({
    description: "`pdf` (any printer) or `zpl` (Zebra and compatible thermal printers, 203 dpi).",
  }),
  size: z.enum(LABEL_SIZES).meta({
    description:
      "`4x6` or `2x1` inches (a label a page; PDF or ZPL), or a sheet of small labels: `letter` (30 of " +
      "2.625 x 1 in, Avery 5160) or `a4` (21 of 63.5 x 38.1 mm, Avery L7160), PDF only.",
  }),
};

/** ZPL is for thermal rolls: a sheet size with it is refused at `size`. */
function thermalOnlyForZpl(body: { format: string; size: string }, ctx: z.RefinementCtx) {
  if (body.format === "zpl" && !(THERMAL_LABEL_SIZES as readonly string[]).includes(body.size)) {
    ctx.addIssue({
      code: "custom",
      path: ["size"],
      message: "ZPL prints on a thermal roll: choose 4x6 or 2x1 (sheets are PDF only).",
    });
  }
}

const ids = (what: string) =>
  z.array(z.string().min(1).max(64)).min(1).max(MAX_IDS).optional().meta({ description: what });

export const returnLabelsBodySchema = z
  .strictObject({
    ...printFields,
    item_ids: ids("The items to print plates for (`rti_…`); all of the return's items when left out."),
  })
  .superRefine(thermalOnlyForZpl);

export const shipmentLabelsBodySchema = z
  .strictObject({
    ...printFields,
    kind: z.enum(SHIPMENT_LABEL_KINDS).meta({
      description:
        "`lines`: one label per line, coded with the line id (`isp_…`). `cartons`: one label per carton of " +
        "`units_per_carton` units of a line (the last carton holds the rest), coded `<units>*<line id>`, which " +
        "Receive mode counts as that many units of the line.",
    }),
    line_ids: ids("The lines to print (`isp_…`); every line when left out."),
    units_per_carton: z.int().min(1).max(9_999).optional().meta({ description: "Required with `cartons`." }),
  })
  .superRefine(thermalOnlyForZpl)
  .superRefine((body, ctx) => {
    if (body.kind === "cartons" && body.units_per_carton === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["units_per_carton"],
        message: "Say how many units a carton holds.",
      });
    }
  });

export const copiesLabelsBodySchema = z
  .strictObject({
    ...printFields,
    copies: z.int().min(1).max(MAX_COPIES).default(1).meta({ description: "How many of the same label." }),
  })
  .superRefine(thermalOnlyForZpl);

export const labelFileSchema = z.string().meta({
  description:
    "`application/pdf` for `pdf`, ZPL II text for `zpl`; an attachment named `labels-<id>.<format>`.",
});

export const labelPrintsQuerySchema = z.strictObject({
  subject_type: z.enum(LABEL_SUBJECT_TYPES),
  subject_id: z.string().min(1).max(64),
});

export const labelPrintSchema = z
  .object({
    id: z.string(),
    format: z.enum(LABEL_FORMATS),
    size: z.enum(LABEL_SIZES),
    count: z.int().meta({ description: "Labels in the print." }),
    actor: z.object({ kind: z.enum(ACTOR_KINDS), name: z.string() }),
    printed_at: timestampSchema,
  })
  .meta({ id: "LabelPrint" });
export type LabelPrint = z.infer<typeof labelPrintSchema>;

export const labelPrintsResponseSchema = z
  .object({ prints: z.array(labelPrintSchema) })
  .meta({ id: "LabelPrints" });
