import { describe, expect, it } from "vitest";
import type { DispositionRule } from "@/lib/schemas/dispositions";
import { matchDispositionRule } from "./disposition-rules";

const rules: DispositionRule[] = [
  { grade: "C", outcome: "missing accessories", disposition: "open_box" },
  { grade: "D", outcome: null, disposition: "refurbish" },
  { grade: null, outcome: "counterfeit", disposition: "quarantine" },
];

describe("matchDispositionRule", () => {
  it("pre-fills from the first rule whose grade (as a leading word) and outcome (contained) match", () => {
    expect(
      matchDispositionRule(rules, { grade: "C - Visible wear", outcome: "Missing accessories" })?.disposition,
    ).toBe("open_box");
    expect(matchDispositionRule(rules, { grade: "d - damaged", outcome: "" })?.disposition).toBe("refurbish");
    expect(matchDispositionRule(rules, { grade: "", outcome: "suspected counterfeit" })?.disposition).toBe(
      "quarantine",
    );
  });

  it("matches nothing when a rule's side is missing or only a prefix of a longer word", () => {
    expect(matchDispositionRule(rules, { grade: "C - Visible wear", outcome: "" })).toBeUndefined();
    expect(matchDispositionRule(rules, { grade: "Dented", outcome: "" })).toBeUndefined();
    expect(matchDispositionRule([], { grade: "A", outcome: "restock" })).toBeUndefined();
  });
});
