"use client";

import { Plus, Trash2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, TextInput } from "@/components/ui/field";
import { errorMessage } from "@/lib/client/api-client";
import { useInspectionChecklists, useReplaceInspectionChecklists } from "@/lib/client/hooks/inspection";
import type { ChecklistInput } from "@/lib/schemas/inspection";
import { type ChecklistDraft, emptyQuestion, toDraft, toInput } from "./checklist-model";
import { QuestionRow } from "./checklist-question-row";

/**
 * Settings -> Store: the inspection checklists (docs/inspection.md). The first checklist whose product types, tags
 * or return reasons match a returned item is the one its inspector answers; the API refuses a process without
 * its required answers. Saved as a whole list, by admins.
 */
export function InspectionChecklistsCard({ storeId }: { storeId: string }) {
  const headingId = useId();
  const saved = useInspectionChecklists(storeId);
  const replace = useReplaceInspectionChecklists(storeId);
  const [drafts, setDrafts] = useState<ChecklistDraft[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (saved.data) setDrafts(saved.data.map(toDraft));
  }, [saved.data]);

  const change = (index: number, patch: Partial<ChecklistDraft>) =>
    setDrafts((current) => current.map((draft, at) => (at === index ? { ...draft, ...patch } : draft)));
  const save = () => {
    const inputs: ChecklistInput[] = [];
    for (const [index, draft] of drafts.entries()) {
      const input = toInput(draft, index);
      if ("problem" in input) return setProblem(input.problem);
      inputs.push(input);
    }
    setProblem(null);
    replace.mutate(inputs, { onError: (error) => setProblem(errorMessage(error)) });
  };

  return (
    <Card bodyClassName="p-5">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          Inspection checklists
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          What inspectors answer for each returned item before deciding on it. The first checklist matching an
          item's product type, tag or return reason applies (nothing listed: every item). Processing, in the
          app or through the API, is refused while a required answer is missing.
        </p>
        {drafts.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">No checklists: items are processed without one.</p>
        ) : null}
        {drafts.map((draft, index) => (
          <fieldset
            // biome-ignore lint/suspicious/noArrayIndexKey: a checklist is its position until it is saved.
            key={index}
            className="mt-4 rounded-lg border border-slate-200 p-4"
          >
            <legend className="px-1 text-sm font-semibold text-slate-900">
              Checklist {index + 1}
              {draft.name ? `: ${draft.name}` : ""}
            </legend>
            <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
              <Field id={`${headingId}-${index}-name`} label="Name">
                <TextInput
                  id={`${headingId}-${index}-name`}
                  value={draft.name}
                  maxLength={120}
                  onChange={(event) => change(index, { name: event.target.value })}
                />
              </Field>
              <Field
                id={`${headingId}-${index}-types`}
                label="Product types"
                hint="Comma-separated, e.g. Electronics"
              >
                <TextInput
                  id={`${headingId}-${index}-types`}
                  value={draft.productTypes}
                  onChange={(event) => change(index, { productTypes: event.target.value })}
                />
              </Field>
              <Field id={`${headingId}-${index}-tags`} label="Product tags" hint="Comma-separated">
                <TextInput
                  id={`${headingId}-${index}-tags`}
                  value={draft.tags}
                  onChange={(event) => change(index, { tags: event.target.value })}
                />
              </Field>
              <Field
                id={`${headingId}-${index}-reasons`}
                label="Return reasons"
                hint="Comma-separated, e.g. Damaged"
              >
                <TextInput
                  id={`${headingId}-${index}-reasons`}
                  value={draft.reasons}
                  onChange={(event) => change(index, { reasons: event.target.value })}
                />
              </Field>
            </div>
            <h3 className="mt-4 text-sm font-semibold text-slate-900">Questions, in order</h3>
            <ol className="mt-2 space-y-3">
              {draft.questions.map((question, q) => (
                <QuestionRow
                  // biome-ignore lint/suspicious/noArrayIndexKey: a question is its position in the form.
                  key={q}
                  id={`${headingId}-${index}-q${q}`}
                  position={q}
                  question={question}
                  earlier={draft.questions.slice(0, q).map((earlier) => earlier.label || "(no text yet)")}
                  onChange={(patch) =>
                    change(index, {
                      questions: draft.questions.map((row, at) => (at === q ? { ...row, ...patch } : row)),
                    })
                  }
                  onRemove={() => change(index, { questions: draft.questions.filter((_, at) => at !== q) })}
                />
              ))}
            </ol>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                size="sm"
                onClick={() => change(index, { questions: [...draft.questions, emptyQuestion()] })}
              >
                <Plus className="size-4" aria-hidden="true" />
                Add question
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setDrafts((current) => current.filter((_, at) => at !== index))}
              >
                <Trash2 className="size-4" aria-hidden="true" />
                Remove checklist {index + 1}
              </Button>
            </div>
          </fieldset>
        ))}
        {problem ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {problem}
          </p>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-2">
          <Button
            size="sm"
            onClick={() =>
              setDrafts((current) => [
                ...current,
                { name: "", productTypes: "", tags: "", reasons: "", questions: [emptyQuestion()] },
              ])
            }
          >
            <Plus className="size-4" aria-hidden="true" />
            Add checklist
          </Button>
          <Button size="sm" variant="primary" pending={replace.isPending} onClick={save}>
            Save checklists
          </Button>
        </div>
      </section>
    </Card>
  );
}
