/**
 * Where a shipment line (or a whole shipment) stands, from its counters: the shipment page, its progress bars
 * and Receive mode's summary read the same numbers. Received (good units, into stock), damaged and missing are
 * three kinds of the units dealt with ("processed"), the sum that makes a line complete (decisions §9). Units
 * dealt with beyond the expected quantity are the line's overage, which covers no other line; so per line
 * processed − overage + outstanding = expected, and the shipment's totals add up the same way.
 */

export type LineCounts = { expected: number; received: number; damaged: number; missing: number };

export type LineProgress = LineCounts & {
  /** Units not yet received, damaged or missing. */
  outstanding: number;
  /** Units dealt with beyond the expected quantity (more arrived, or were reported, than expected). */
  overage: number;
  /** Damaged and missing units: expected units that did not reach stock. */
  shortfall: number;
  /** Share of the expected units processed, 0 to 1 (an overage does not push it past 1). */
  share: number;
  state: "waiting" | "partial" | "complete" | "short" | "over";
};

export function lineProgress(counts: LineCounts): LineProgress {
  const { expected, received, damaged, missing } = counts;
  const processed = received + damaged + missing;
  const outstanding = Math.max(0, expected - processed);
  const overage = Math.max(0, processed - expected);
  const shortfall = damaged + missing;
  const share = expected > 0 ? Math.min(1, processed / expected) : processed > 0 ? 1 : 0;
  // An overage is the stronger signal: it means the supplier sent what nobody expected.
  const state =
    overage > 0
      ? "over"
      : outstanding > 0
        ? processed > 0
          ? "partial"
          : "waiting"
        : shortfall > 0
          ? "short"
          : "complete";
  return { ...counts, outstanding, overage, shortfall, share, state };
}

/** The counts of a line of Get inbound shipment. */
export function itemCounts(item: {
  quantity: number;
  received_quantity: number;
  damaged_quantity: number;
  missing_quantity: number;
}): LineCounts {
  return {
    expected: item.quantity,
    received: item.received_quantity,
    damaged: item.damaged_quantity,
    missing: item.missing_quantity,
  };
}

/** A shipment's totals: the lines' sums, except that one line's overage never covers another's outstanding units. */
export function shipmentProgress(lines: readonly LineCounts[]): LineProgress {
  const all = lines.map(lineProgress);
  const sum = (
    key: keyof LineProgress & ("expected" | "received" | "damaged" | "missing" | "outstanding" | "overage"),
  ) => all.reduce((total, line) => total + line[key], 0);
  const expected = sum("expected");
  const outstanding = sum("outstanding");
  const overage = sum("overage");
  const shortfall = sum("damaged") + sum("missing");
  const state =
    outstanding > 0
      ? outstanding < expected
        ? "partial"
        : "waiting"
      : overage > 0
        ? "over"
        : shortfall > 0
          ? "short"
          : "complete";
  return {
    expected,
    received: sum("received"),
    damaged: sum("damaged"),
    missing: sum("missing"),
    outstanding,
    overage,
    shortfall,
    share: expected > 0 ? (expected - outstanding) / expected : all.length > 0 ? 1 : 0,
    state,
  };
}
