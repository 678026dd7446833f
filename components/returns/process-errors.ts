import type { FieldIssue } from "@/lib/client/api-client";
import { placeIssuesOnItems } from "@/lib/client/field-issues";

/** The parts of one item's fields a problem can sit beside; `item` is the item as a whole (its decision). */
export type ProblemField = "item" | "location" | "reason" | "credit" | "grade" | "outcome";
export type ItemProblems = Partial<Record<ProblemField, string>>;

/** Where each part of a `products.N…` path is shown in the panel (lib/schemas/return-lifecycle.ts). */
const FIELD_OF_PATH: Record<string, ProblemField> = {
  _id: "item",
  reject: "reason",
  rejectReason: "reason",
  grade: "grade",
  outcome: "outcome",
  processInput: "item",
  "processInput.restock": "item",
  "processInput.locationId": "location",
  "processInput.newMerchantAdjustment": "credit",
};

export type PlacedErrors = {
  /** By item id: the messages to show beside its fields. */
  byItem: Map<string, ItemProblems>;
  /** Messages that belong to no item (the request as a whole). */
  general: string[];
};

/**
 * Puts the API's field errors of a process request beside the items they are about. `sentItemIds` are
 * the item ids of the products sent, in order, so `products.2.rejectReason` is the third one's reason.
 * The first message for a field wins; anything without a known item is general.
 */
export function placeProcessErrors(
  errors: readonly FieldIssue[],
  sentItemIds: readonly string[],
): PlacedErrors {
  const { byItem, others } = placeIssuesOnItems(errors, {
    items: /^products\.(\d+)(?:\.(.+))?$/,
    sentIds: sentItemIds,
    fieldOf: (rest) => FIELD_OF_PATH[rest ?? ""] ?? "item",
  });
  return { byItem, general: others.map((issue) => issue.message) };
}
