import { describe, expect, it } from "vitest";
import { lineProgress, shipmentProgress } from "./line-progress";

const counts = (expected: number, received: number, damaged = 0, missing = 0) => ({
  expected,
  received,
  damaged,
  missing,
});

describe("lineProgress", () => {
  it("tells waiting, partial, complete, short and over lines apart", () => {
    expect(lineProgress(counts(10, 0)).state).toBe("waiting");
    expect(lineProgress(counts(10, 4)).state).toBe("partial");
    expect(lineProgress(counts(10, 10)).state).toBe("complete");
    expect(lineProgress(counts(10, 7, 2, 1))).toMatchObject({ state: "short", shortfall: 3, outstanding: 0 });
    expect(lineProgress(counts(10, 12))).toMatchObject({ state: "over", overage: 2, share: 1 });
  });

  it("counts damaged units beyond the expected quantity as over expected, not short", () => {
    // 10 good units and 2 damaged ones arrived for 10 expected: 12 dealt with, 2 over.
    expect(lineProgress(counts(10, 10, 2))).toMatchObject({ state: "over", overage: 2, outstanding: 0 });
  });

  it("counts damaged and missing units as processed", () => {
    expect(lineProgress(counts(10, 5, 1, 1))).toMatchObject({ outstanding: 3, share: 0.7 });
  });
});

describe("shipmentProgress", () => {
  it("does not let one line's overage cover another line's outstanding units", () => {
    const total = shipmentProgress([counts(10, 14), counts(10, 6)]);
    expect(total).toMatchObject({ expected: 20, received: 20, outstanding: 4, overage: 4, state: "partial" });
    expect(total.share).toBe(0.8);
  });

  it("is complete, short or over once nothing is outstanding", () => {
    expect(shipmentProgress([counts(2, 2), counts(3, 3)]).state).toBe("complete");
    expect(shipmentProgress([counts(2, 1, 1), counts(3, 3)]).state).toBe("short");
    expect(shipmentProgress([counts(2, 3), counts(3, 3)]).state).toBe("over");
    expect(shipmentProgress([counts(2, 0), counts(3, 0)]).state).toBe("waiting");
  });
});
