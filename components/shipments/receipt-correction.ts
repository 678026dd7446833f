import type { ReceiptDiscrepancyReason } from "@/lib/enums";
import type { CreateReceiptRequest, Receipt } from "@/lib/schemas/inbound-receipts";

/**
 * Correcting a receipt from the app: staff say what each line should have been, and the correcting receipt the
 * API takes (`corrects_receipt_id`, docs/receiving.md) carries the differences, negative where units come off.
 * A receipt is never edited; the correction is a receipt of its own.
 */

export type CorrectionKind = "received" | "damaged" | "missing";

export type CorrectionLine = {
  /** What the line should have been, as typed (a whole number, 0 or more). */
  received: string;
  damaged: string;
  missing: string;
  /** A reason for damaged or missing units the correction adds. */
  damaged_reason: ReceiptDiscrepancyReason | null;
  missing_reason: ReceiptDiscrepancyReason | null;
};

export type CorrectionDraft = { lines: Record<string, CorrectionLine>; note: string };

export const CORRECTION_KINDS: readonly CorrectionKind[] = ["received", "damaged", "missing"];

/** The draft a correction starts from: every line as the receipt recorded it, so only what changes is typed. */
export function draftFromReceipt(receipt: Receipt): CorrectionDraft {
  return {
    note: "",
    lines: Object.fromEntries(
      receipt.lines.map((line) => [
        line.id,
        {
          received: String(line.received),
          damaged: String(line.damaged),
          missing: String(line.missing),
          damaged_reason: line.damaged_reason,
          missing_reason: line.missing_reason,
        },
      ]),
    ),
  };
}

const wholeUnits = (text: string) => (/^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : null);

export type CorrectionProblems = {
  /** By receipt line id, then field. */
  lines: Record<string, Partial<Record<CorrectionKind | `${"damaged" | "missing"}_reason`, string>>>;
  note?: string;
  /** Nothing differs from the receipt. */
  unchanged?: string;
};

/** The correcting receipt's body, or what stops it (nothing changed, a number that is not one, a reason). */
export function buildCorrection(
  receipt: Receipt,
  draft: CorrectionDraft,
): { body: CreateReceiptRequest } | { problems: CorrectionProblems } {
  const problems: CorrectionProblems = { lines: {} };
  const lines: CreateReceiptRequest["lines"] = [];
  for (const line of receipt.lines) {
    const typed = draft.lines[line.id];
    if (!typed) continue;
    const found: CorrectionProblems["lines"][string] = {};
    const delta = { received: 0, damaged: 0, missing: 0 };
    for (const kind of CORRECTION_KINDS) {
      const value = wholeUnits(typed[kind]);
      if (value === null) found[kind] = "A whole number of units, 0 or more.";
      else delta[kind] = value - line[kind];
    }
    if (delta.damaged > 0 && !typed.damaged_reason) found.damaged_reason = "Say why the units are damaged.";
    if (delta.missing > 0 && !typed.missing_reason) found.missing_reason = "Say why the units are missing.";
    if (Object.keys(found).length > 0) problems.lines[line.id] = found;
    if (delta.received === 0 && delta.damaged === 0 && delta.missing === 0) continue;
    lines.push({
      item_id: line.item_id,
      ...delta,
      ...(delta.damaged > 0 && typed.damaged_reason ? { damaged_reason: typed.damaged_reason } : {}),
      ...(delta.missing > 0 && typed.missing_reason ? { missing_reason: typed.missing_reason } : {}),
    });
  }
  const note = draft.note.trim();
  if (!note) problems.note = "Say what was wrong with the receipt.";
  if (lines.length === 0 && Object.keys(problems.lines).length === 0)
    problems.unchanged = "Change at least one count: the lines are as the receipt recorded them.";
  if (Object.keys(problems.lines).length > 0 || problems.note || problems.unchanged) return { problems };
  return { body: { corrects_receipt_id: receipt.id, note, lines } };
}
