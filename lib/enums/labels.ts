/**
 * Labels (docs/labels.md): what can be printed, in which format and on which stock. A new subject (a bin,
 * when bins exist) is one value here plus its loader in lib/domain/labels/subjects.ts.
 */
export const LABEL_FORMATS = ["pdf", "zpl"] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

/** 4x6 in and 2x1 in: one label a page (thermal rolls, ZPL or PDF); `a4`, `letter`: sheets of small labels (PDF only). */
export const LABEL_SIZES = ["4x6", "2x1", "a4", "letter"] as const;
export type LabelSize = (typeof LABEL_SIZES)[number];

/** The sizes a thermal (ZPL) printer takes: one label at a time on a roll. */
export const THERMAL_LABEL_SIZES = ["4x6", "2x1"] as const satisfies readonly LabelSize[];

/** The objects labels are printed for; every print is recorded against one (`label_prints`). */
export const LABEL_SUBJECT_TYPES = [
  "return",
  "inbound_shipment",
  "inventory_item",
  "location",
  "bin",
] as const;
export type LabelSubjectType = (typeof LABEL_SUBJECT_TYPES)[number];

/** What a shipment's labels are: one per line, or one per carton of a line (units per carton given). */
export const SHIPMENT_LABEL_KINDS = ["lines", "cartons"] as const;
