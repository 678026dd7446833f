import type { Checklist, ChecklistInput, ChecklistQuestion } from "@/lib/schemas/inspection";

/**
 * The Settings form's model of inspection checklists (docs/inspection.md): strings as typed, lists as commas,
 * a rule as the earlier question it reads (by position) or a product type. `toInput` makes the API's body.
 */

export type RuleMode = "optional" | "always" | "answer" | "product_type";

export type QuestionDraft = {
  label: string;
  kind: ChecklistQuestion["kind"];
  options: string;
  rule: RuleMode;
  /** With `answer`: the earlier question (its position) and the answer that makes this one required. */
  whenIndex: number;
  equals: string;
  productType: string;
};

export type ChecklistDraft = {
  name: string;
  productTypes: string;
  tags: string;
  reasons: string;
  questions: QuestionDraft[];
};

export const emptyQuestion = (): QuestionDraft => ({
  label: "",
  kind: "yes_no",
  options: "",
  rule: "optional",
  whenIndex: 0,
  equals: "",
  productType: "",
});

const list = (text: string) =>
  text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);

/** A key from the label: `Photo of the damage` -> `photo_of_the_damage`, unique among `taken`. */
function keyOf(label: string, taken: Set<string>): string {
  const slug = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  const base = (/^[a-z]/.test(slug) ? slug : `q_${slug}`).slice(0, 36).replace(/_+$/, "") || "q";
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}_${n}`;
  taken.add(key);
  return key;
}

export function toDraft(checklist: Checklist): ChecklistDraft {
  const keys = checklist.questions.map((q) => q.key);
  return {
    name: checklist.name,
    productTypes: checklist.applies_to.product_types.join(", "),
    tags: checklist.applies_to.tags.join(", "),
    reasons: checklist.applies_to.return_reasons.join(", "),
    questions: checklist.questions.map((q) => {
      const when = q.required_when;
      return {
        label: q.label,
        kind: q.kind,
        options: (q.options ?? []).join(", "),
        rule: q.required ? "always" : !when ? "optional" : "question" in when ? "answer" : "product_type",
        whenIndex: when && "question" in when ? Math.max(0, keys.indexOf(when.question)) : 0,
        equals: when && "question" in when ? when.equals : "",
        productType: when && "product_type" in when ? when.product_type : "",
      };
    }),
  };
}

/** The API's checklist, or the first thing the admin still has to fill in. */
export function toInput(draft: ChecklistDraft, at: number): ChecklistInput | { problem: string } {
  const where = `Checklist ${at + 1}`;
  if (!draft.name.trim()) return { problem: `${where} needs a name.` };
  if (draft.questions.length === 0) return { problem: `${where} needs at least one question.` };
  const taken = new Set<string>();
  const keys = draft.questions.map((q) => keyOf(q.label, taken));
  const questions: ChecklistQuestion[] = [];
  for (const [index, q] of draft.questions.entries()) {
    const which = `${where}, question ${index + 1}`;
    if (!q.label.trim()) return { problem: `${which} needs its text.` };
    const options = q.kind === "choice" ? list(q.options) : [];
    if (q.kind === "choice" && options.length < 2) return { problem: `${which} needs 2 or more options.` };
    let required_when: ChecklistQuestion["required_when"] = null;
    if (q.rule === "answer") {
      if (q.whenIndex >= index || !q.equals.trim()) {
        return { problem: `${which}: choose an earlier question and the answer that makes it required.` };
      }
      required_when = { question: keys[q.whenIndex] as string, equals: q.equals.trim() };
    }
    if (q.rule === "product_type") {
      if (!q.productType.trim()) return { problem: `${which}: enter the product type that requires it.` };
      required_when = { product_type: q.productType.trim() };
    }
    questions.push({
      key: keys[index] as string,
      label: q.label.trim(),
      kind: q.kind,
      ...(q.kind === "choice" ? { options } : {}),
      required: q.rule === "always",
      required_when,
    });
  }
  return {
    name: draft.name.trim(),
    applies_to: {
      product_types: list(draft.productTypes),
      tags: list(draft.tags),
      return_reasons: list(draft.reasons),
    },
    questions,
  };
}
