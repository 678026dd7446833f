"use client";

import { Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Select, TextInput } from "@/components/ui/field";
import { CHECKLIST_QUESTION_KINDS } from "@/lib/enums";
import type { QuestionDraft, RuleMode } from "./checklist-model";

const KIND_LABELS: Record<QuestionDraft["kind"], string> = {
  yes_no: "Yes / no",
  choice: "Choice",
  number: "Number",
  text: "Text or serial",
  photo: "Photo",
};
const RULE_LABELS: Record<RuleMode, string> = {
  optional: "Optional",
  always: "Required",
  answer: "Required when an answer is…",
  product_type: "Required for a product type",
};

/** One question of a checklist in Settings: its text, kind, options and when it must be answered. */
export function QuestionRow({
  id,
  position,
  question,
  earlier,
  onChange,
  onRemove,
}: {
  id: string;
  position: number;
  question: QuestionDraft;
  /** The texts of the questions before it, which a rule may read. */
  earlier: string[];
  onChange: (patch: Partial<QuestionDraft>) => void;
  onRemove: () => void;
}) {
  const n = position + 1;
  const rules = (Object.keys(RULE_LABELS) as RuleMode[]).filter(
    (rule) => rule !== "answer" || earlier.length > 0,
  );
  return (
    <li className="rounded-md bg-slate-50 p-3">
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-[1fr_auto] lg:grid-cols-[1fr_10rem_14rem_auto]">
        <TextInput
          id={`${id}-label`}
          aria-label={`Question ${n}: text`}
          placeholder="e.g. Condition"
          maxLength={120}
          value={question.label}
          onChange={(event) => onChange({ label: event.target.value })}
        />
        <Select
          aria-label={`Question ${n}: kind`}
          value={question.kind}
          onChange={(event) => onChange({ kind: event.target.value as QuestionDraft["kind"] })}
        >
          {CHECKLIST_QUESTION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </Select>
        <Select
          aria-label={`Question ${n}: when required`}
          value={question.rule}
          onChange={(event) => onChange({ rule: event.target.value as RuleMode })}
        >
          {rules.map((rule) => (
            <option key={rule} value={rule}>
              {RULE_LABELS[rule]}
            </option>
          ))}
        </Select>
        <Button size="sm" variant="ghost" onClick={onRemove}>
          <Trash2 className="size-4" aria-hidden="true" />
          <span className="sr-only">Remove question {n}</span>
        </Button>
      </div>
      {question.kind === "choice" || question.rule === "answer" || question.rule === "product_type" ? (
        <div className="mt-2 grid grid-cols-1 gap-2 md:grid-cols-2">
          {question.kind === "choice" ? (
            <TextInput
              aria-label={`Question ${n}: options, comma-separated`}
              placeholder="Options, e.g. new, used, damaged"
              value={question.options}
              onChange={(event) => onChange({ options: event.target.value })}
            />
          ) : null}
          {question.rule === "answer" ? (
            <div className="flex gap-2">
              <Select
                aria-label={`Question ${n}: required when question`}
                value={question.whenIndex}
                onChange={(event) => onChange({ whenIndex: Number(event.target.value) })}
              >
                {earlier.map((label, at) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: earlier questions are named by position.
                  <option key={at} value={at}>
                    {label}
                  </option>
                ))}
              </Select>
              <TextInput
                aria-label={`Question ${n}: required when the answer is`}
                placeholder="is, e.g. damaged"
                value={question.equals}
                onChange={(event) => onChange({ equals: event.target.value })}
              />
            </div>
          ) : null}
          {question.rule === "product_type" ? (
            <TextInput
              aria-label={`Question ${n}: required for product type`}
              placeholder="Product type, e.g. Electronics"
              value={question.productType}
              onChange={(event) => onChange({ productType: event.target.value })}
            />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
