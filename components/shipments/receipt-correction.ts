import type { ReceiptDiscrepancyReason } from "@/lib/enums";
import type { CreateReceiptRequest, Receipt } from "@/lib/schemas/inbound-receipts";
import { heldSerials, serialCount } from "./receipt-serials";

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
  /** The line's serials picked to take back, sent only when the correction takes received units back. */
  serials: string[];
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
          serials: [],
        },
      ]),
    ),
  };
}

/** A count as typed in the dialog, or null when it is not a whole number of units. */
export const wholeUnits = (text: string) => (/^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : null);

export type CorrectionProblems = {
  /** By receipt line id, then field. */
  lines: Record<
    string,
    Partial<Record<CorrectionKind | `${"damaged" | "missing"}_reason` | "serials", string>>
  >;
  note?: string;
  /** Nothing differs from the receipt. */
  unchanged?: string;
};

const units = (count: number) => `${count} ${count === 1 ? "unit" : "units"}`;

/**
 * The serials a line's correction takes back, or why they do not fit its units: at most one per unit taken back
 * (what the API enforces), and enough that the serials left fit the units left (each received unit has at most
 * one serial, so three serials cannot stay for two units).
 */
export function serialsToTakeBack(
  held: readonly string[],
  picked: readonly string[],
  unitsBefore: number,
  unitsAfter: number,
): { serials: string[] } | { problem: string } {
  const takenUnits = Math.max(0, unitsBefore - unitsAfter);
  const serials = held.filter((serial) => picked.includes(serial));
  if (takenUnits === 0) return { serials: [] };
  if (serials.length > takenUnits) {
    return {
      problem: `${serialCount(serials.length)} picked for ${units(takenUnits)} taken back: at most one serial per unit taken back.`,
    };
  }
  const staying = held.length - serials.length;
  if (staying > unitsAfter) {
    const more = staying - unitsAfter;
    return {
      problem: `Pick ${more} more ${more === 1 ? "serial" : "serials"} to take back: ${serialCount(staying)} would stay for ${units(unitsAfter)} received.`,
    };
  }
  return { serials };
}

/**
 * The correcting receipt's body, or what stops it (nothing changed, a number that is not one, a reason, serials
 * that do not fit the units). `takenBack`: the serials earlier corrections of this receipt took back.
 */
export function buildCorrection(
  receipt: Receipt,
  draft: CorrectionDraft,
  takenBack: ReadonlySet<string> = new Set(),
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
    const picked = found.received
      ? { serials: [] }
      : serialsToTakeBack(
          heldSerials(line, takenBack),
          typed.serials,
          line.received,
          line.received + delta.received,
        );
    if ("problem" in picked) found.serials = picked.problem;
    if (Object.keys(found).length > 0) problems.lines[line.id] = found;
    if (delta.received === 0 && delta.damaged === 0 && delta.missing === 0) continue;
    lines.push({
      item_id: line.item_id,
      ...delta,
      ...(delta.damaged > 0 && typed.damaged_reason ? { damaged_reason: typed.damaged_reason } : {}),
      ...(delta.missing > 0 && typed.missing_reason ? { missing_reason: typed.missing_reason } : {}),
      ...("serials" in picked && picked.serials.length > 0 ? { serials: picked.serials } : {}),
    });
  }
  const note = draft.note.trim();
  if (!note) problems.note = "Say what was wrong with the receipt.";
  if (lines.length === 0 && Object.keys(problems.lines).length === 0)
    problems.unchanged = "Change at least one count: the lines are as the receipt recorded them.";
  if (Object.keys(problems.lines).length > 0 || problems.note || problems.unchanged) return { problems };
  return { body: { corrects_receipt_id: receipt.id, note, lines } };
}
