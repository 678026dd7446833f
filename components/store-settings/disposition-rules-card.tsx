"use client";

import { Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { STOCK_STATE_LABELS } from "@/components/inventory/movement-labels";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select, TextInput } from "@/components/ui/field";
import { ruleWords } from "@/lib/client/disposition-rules";
import { useDispositionRules, useReplaceDispositionRules } from "@/lib/client/hooks/dispositions";
import { useInspectionChecklists } from "@/lib/client/hooks/inspection";
import { DISPOSITIONS, type Disposition, stockStateOf } from "@/lib/enums";
import type { DispositionRule } from "@/lib/schemas/dispositions";
import type { Checklist } from "@/lib/schemas/inspection";

/** A rule's fields: in a row from 1024 px; boxed, two a row on a tablet and stacked on a phone. */
const RULE_COLUMNS = "lg:grid-cols-[6rem_1fr_1fr_9rem_10rem_2.5rem]";
const RULE_ROW = `grid grid-cols-1 items-center gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-2 ${RULE_COLUMNS} lg:border-0 lg:p-0`;

/** One rule as edited; `question` empty: the rule asks for no checklist answer. */
type Row = { grade: string; outcome: string; question: string; equals: string; disposition: Disposition };

/** The questions of the store's checklists a rule can ask about, once per key, with the answers they take. */
type Question = { key: string; label: string; answers: string[] };
function questionsOf(checklists: readonly Checklist[]): Question[] {
  const byKey = new Map<string, Question>();
  for (const checklist of checklists) {
    for (const question of checklist.questions) {
      if (byKey.has(question.key) || question.kind === "photo") continue;
      const answers =
        question.kind === "yes_no"
          ? ["yes", "no"]
          : question.kind === "choice"
            ? (question.options ?? [])
            : [];
      byKey.set(question.key, { key: question.key, label: question.label, answers });
    }
  }
  return [...byKey.values()];
}

const label = (disposition: Disposition) =>
  disposition === "restock" ? "Restock (sellable)" : STOCK_STATE_LABELS[stockStateOf(disposition)];

/**
 * The store's disposition rules (docs/dispositions.md): in order, the first whose grade, outcome and checklist
 * answer match an inspected item pre-fills its disposition in the process panel; the inspector confirms or changes it. Saved as
 * a whole list, by admins (the store's policy, like its inspection checklists); everyone else reads them.
 */
export function DispositionRulesCard({ storeId, canEdit }: { storeId: string; canEdit: boolean }) {
  const saved = useDispositionRules(storeId);
  const replace = useReplaceDispositionRules(storeId);
  const questions = questionsOf(useInspectionChecklists(storeId).data ?? []);
  const labelOf = (key: string) => questions.find((question) => question.key === key)?.label ?? key;
  const [rows, setRows] = useState<Row[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (saved.data) {
      setRows(
        saved.data.map((rule) => ({
          grade: rule.grade ?? "",
          outcome: rule.outcome ?? "",
          question: rule.answer?.question ?? "",
          equals: rule.answer?.equals ?? "",
          disposition: rule.disposition,
        })),
      );
    }
  }, [saved.data]);

  const change = (index: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const save = () => {
    const rules: DispositionRule[] = rows.map((row) => ({
      grade: row.grade.trim() || null,
      outcome: row.outcome.trim() || null,
      answer:
        row.question && row.equals.trim() ? { question: row.question, equals: row.equals.trim() } : null,
      disposition: row.disposition,
    }));
    const halfAnswer = rows.findIndex((row) => row.question !== "" && row.equals.trim() === "");
    if (halfAnswer >= 0) {
      setProblem(
        `Rule ${halfAnswer + 1} asks about “${labelOf(rows[halfAnswer]?.question ?? "")}”: give the answer.`,
      );
      return;
    }
    const empty = rules.findIndex(
      (rule) => rule.grade === null && rule.outcome === null && rule.answer === null,
    );
    if (empty >= 0) {
      setProblem(`Rule ${empty + 1} needs a grade, an outcome, a checklist answer, or more than one.`);
      return;
    }
    setProblem(null);
    replace.mutate(rules);
  };

  return (
    <Card
      title="Disposition rules"
      description="Pre-fill where an inspected item goes from its grade, outcome and checklist answers (grade C with accessories answered no → open box). The first matching rule wins; the inspector confirms."
      bodyClassName="p-5"
    >
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">
          No rules: items going into stock start as Restock (sellable).
        </p>
      ) : !canEdit ? (
        // Below admin the rules are read, as words: nothing on the page looks changeable.
        <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
          {rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a rule is its position; rows have no other identity.
            <li key={index}>
              {ruleWords(
                {
                  grade: row.grade || null,
                  outcome: row.outcome || null,
                  answer: row.question ? { question: row.question, equals: row.equals } : null,
                  disposition: row.disposition,
                },
                labelOf,
              )}{" "}
              → {label(row.disposition)}
            </li>
          ))}
        </ol>
      ) : (
        <>
          {/* The columns' names above the rows where they are one row each; below, each field's placeholder says. */}
          <div
            aria-hidden="true"
            className={`mb-1 hidden gap-2 text-xs font-medium uppercase tracking-wide text-slate-500 lg:grid ${RULE_COLUMNS}`}
          >
            <span>Grade</span>
            <span>Outcome contains</span>
            <span>Checklist question</span>
            <span>Answer</span>
            <span>Disposition</span>
          </div>
          <ol className="space-y-2">
            {rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a rule is its position; rows have no other identity.
              <li key={index} className={RULE_ROW}>
                <TextInput
                  aria-label={`Rule ${index + 1}: grade`}
                  value={row.grade}
                  placeholder="Any grade"
                  maxLength={200}
                  readOnly={!canEdit}
                  onChange={(event) => change(index, { grade: event.target.value })}
                />
                <TextInput
                  aria-label={`Rule ${index + 1}: outcome`}
                  value={row.outcome}
                  placeholder="Any outcome"
                  maxLength={200}
                  readOnly={!canEdit}
                  onChange={(event) => change(index, { outcome: event.target.value })}
                />
                <Select
                  aria-label={`Rule ${index + 1}: checklist question`}
                  value={row.question}
                  disabled={!canEdit}
                  onChange={(event) => change(index, { question: event.target.value, equals: "" })}
                >
                  <option value="">Any checklist answers</option>
                  {row.question && !questions.some((q) => q.key === row.question) ? (
                    <option value={row.question}>{row.question}</option>
                  ) : null}
                  {questions.map((question) => (
                    <option key={question.key} value={question.key}>
                      {question.label}
                    </option>
                  ))}
                </Select>
                <AnswerInput
                  index={index}
                  row={row}
                  answers={questions.find((q) => q.key === row.question)?.answers ?? []}
                  onChange={(equals) => change(index, { equals })}
                />
                <Select
                  aria-label={`Rule ${index + 1}: disposition`}
                  value={row.disposition}
                  disabled={!canEdit}
                  onChange={(event) => change(index, { disposition: event.target.value as Disposition })}
                >
                  {DISPOSITIONS.map((value) => (
                    <option key={value} value={value}>
                      {label(value)}
                    </option>
                  ))}
                </Select>
                {canEdit ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setRows((current) => current.filter((_, at) => at !== index))}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                    <span className="sr-only">Remove rule {index + 1}</span>
                  </Button>
                ) : (
                  <span />
                )}
              </li>
            ))}
          </ol>
        </>
      )}
      {problem ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      {canEdit ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            size="sm"
            onClick={() =>
              setRows((current) => [
                ...current,
                { grade: "", outcome: "", question: "", equals: "", disposition: "open_box" },
              ])
            }
          >
            <Plus className="size-4" aria-hidden="true" />
            Add rule
          </Button>
          <Button size="sm" variant="primary" pending={replace.isPending} onClick={save}>
            Save rules
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

/** The answer a rule asks for: a choice of the question's answers, else typed (a number, a text). */
function AnswerInput({
  index,
  row,
  answers,
  onChange,
}: {
  index: number;
  row: Row;
  answers: readonly string[];
  onChange: (equals: string) => void;
}) {
  const labelText = `Rule ${index + 1}: answer`;
  if (answers.length > 0) {
    return (
      <Select aria-label={labelText} value={row.equals} onChange={(event) => onChange(event.target.value)}>
        <option value="">Answer…</option>
        {row.equals && !answers.includes(row.equals) ? (
          <option value={row.equals}>{row.equals}</option>
        ) : null}
        {answers.map((answer) => (
          <option key={answer} value={answer}>
            {answer}
          </option>
        ))}
      </Select>
    );
  }
  return (
    <TextInput
      aria-label={labelText}
      value={row.equals}
      placeholder={row.question ? "e.g. 2" : "Pick a question"}
      maxLength={120}
      disabled={!row.question}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
