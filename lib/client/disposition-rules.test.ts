import { describe, expect, it } from "vitest";
import type { DispositionRule } from "@/lib/schemas/dispositions";
import { matchDispositionRule } from "./disposition-rules";

const rules: DispositionRule[] = [
  { grade: "C", outcome: "missing accessories", answer: null, disposition: "open_box" },
  { grade: "D", outcome: null, answer: null, disposition: "refurbish" },
  { grade: null, outcome: "counterfeit", answer: null, disposition: "quarantine" },
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

  it("matches a checklist answer as the checklist compares it: yes/no for booleans, text whatever the case", () => {
    const byAnswer: DispositionRule[] = [
      {
        grade: "C",
        outcome: null,
        answer: { question: "accessories", equals: "no" },
        disposition: "open_box",
      },
      {
        grade: null,
        outcome: null,
        answer: { question: "condition", equals: "Damaged" },
        disposition: "refurbish",
      },
    ];
    const answers = (entries: [string, boolean | string][]) => new Map(entries);
    expect(
      matchDispositionRule(byAnswer, {
        grade: "C - Worn",
        outcome: "",
        answers: answers([["accessories", false]]),
      })?.disposition,
    ).toBe("open_box");
    // The same grade with the accessories there, or no answer at all: the answer's rule does not apply.
    expect(
      matchDispositionRule(byAnswer, { grade: "C", outcome: "", answers: answers([["accessories", true]]) }),
    ).toBeUndefined();
    expect(matchDispositionRule(byAnswer, { grade: "C", outcome: "" })).toBeUndefined();
    expect(
      matchDispositionRule(byAnswer, {
        grade: "",
        outcome: "",
        answers: answers([["condition", " damaged "]]),
      })?.disposition,
    ).toBe("refurbish");
  });
});
