"use client";

import { Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { STOCK_STATE_LABELS } from "@/components/inventory/movement-labels";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select, TextInput } from "@/components/ui/field";
import { useDispositionRules, useReplaceDispositionRules } from "@/lib/client/hooks/dispositions";
import { DISPOSITIONS, type Disposition, stockStateOf } from "@/lib/enums";
import type { DispositionRule } from "@/lib/schemas/dispositions";

type Row = { grade: string; outcome: string; disposition: Disposition };

const label = (disposition: Disposition) =>
  disposition === "restock" ? "Restock (sellable)" : STOCK_STATE_LABELS[stockStateOf(disposition)];

/**
 * The store's disposition rules (docs/dispositions.md): in order, the first whose grade and outcome match an
 * inspected item pre-fills its disposition in the process panel; the inspector confirms or changes it. Saved as
 * a whole list, by admins (the store's policy, like its inspection checklists); everyone else reads them.
 */
export function DispositionRulesCard({ storeId, canEdit }: { storeId: string; canEdit: boolean }) {
  const saved = useDispositionRules(storeId);
  const replace = useReplaceDispositionRules(storeId);
  const [rows, setRows] = useState<Row[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (saved.data) {
      setRows(
        saved.data.map((rule) => ({
          grade: rule.grade ?? "",
          outcome: rule.outcome ?? "",
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
      disposition: row.disposition,
    }));
    const empty = rules.findIndex((rule) => rule.grade === null && rule.outcome === null);
    if (empty >= 0) {
      setProblem(`Rule ${empty + 1} needs a grade, an outcome or both.`);
      return;
    }
    setProblem(null);
    replace.mutate(rules);
  };

  return (
    <Card
      title="Disposition rules"
      description="Pre-fill where an inspected item goes from its grade and outcome (grade C with missing accessories → open box). The first matching rule wins; the inspector confirms."
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
              {[row.grade && `grade ${row.grade}`, row.outcome && `outcome "${row.outcome}"`]
                .filter(Boolean)
                .join(" and ")}{" "}
              → {label(row.disposition)}
            </li>
          ))}
        </ol>
      ) : (
        <ol className="space-y-2">
          {rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a rule is its position; rows have no other identity.
            <li key={index} className="grid grid-cols-1 items-center gap-2 sm:grid-cols-[1fr_1fr_12rem_auto]">
              <TextInput
                aria-label={`Rule ${index + 1}: grade`}
                value={row.grade}
                placeholder="Grade, e.g. C (any if empty)"
                maxLength={200}
                readOnly={!canEdit}
                onChange={(event) => change(index, { grade: event.target.value })}
              />
              <TextInput
                aria-label={`Rule ${index + 1}: outcome`}
                value={row.outcome}
                placeholder="Outcome, e.g. missing accessories"
                maxLength={200}
                readOnly={!canEdit}
                onChange={(event) => change(index, { outcome: event.target.value })}
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
              setRows((current) => [...current, { grade: "", outcome: "", disposition: "open_box" }])
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
