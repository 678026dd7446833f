"use client";

import { Plus, Trash2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Select, TextInput } from "@/components/ui/field";
import { usePutawayRules, useReplacePutawayRules } from "@/lib/client/hooks/putaway";
import type { PutawayRule } from "@/lib/schemas/putaway";

const FIELDS: Record<PutawayRule["match_field"], string> = { product_type: "Product type", tag: "Tag" };

/**
 * A location's putaway rules (docs/bins.md): in order, the first whose product type or tag matches an item's
 * product sends its putaway suggestion to a zone. Saved as a whole list; viewers read them.
 */
export function PutawayRulesEditor({
  storeId,
  locationId,
  canEdit,
}: {
  storeId: string;
  locationId: string;
  canEdit: boolean;
}) {
  const headingId = useId();
  const saved = usePutawayRules(storeId, locationId);
  const replace = useReplacePutawayRules(storeId, locationId);
  const [rules, setRules] = useState<PutawayRule[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (saved.data) setRules(saved.data);
  }, [saved.data]);

  const change = (index: number, patch: Partial<PutawayRule>) =>
    setRules((current) => current.map((rule, at) => (at === index ? { ...rule, ...patch } : rule)));
  const save = () => {
    const cleaned = rules.map((rule) => ({
      ...rule,
      match_value: rule.match_value.trim(),
      zone: rule.zone.trim(),
    }));
    const incomplete = cleaned.findIndex((rule) => !rule.match_value || !rule.zone);
    if (incomplete >= 0) {
      setProblem(`Rule ${incomplete + 1} needs what it matches and a zone.`);
      return;
    }
    setProblem(null);
    replace.mutate(cleaned);
  };

  return (
    <section aria-labelledby={headingId} className="mt-6 border-t border-slate-200 pt-4">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        Putaway rules
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Where a received or restocked item goes when it has no bin here yet: the first rule matching its
        product type or a tag suggests that zone's first bin with room. An item's last bin always comes first.
      </p>
      {rules.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No rules: items without a last bin stay unbinned.</p>
      ) : (
        <ol className="mt-3 space-y-2">
          {rules.map((rule, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a rule is its position; rows have no other identity.
            <li key={index} className="grid grid-cols-[8rem_1fr_1fr_auto] items-center gap-2">
              <Select
                aria-label={`Rule ${index + 1}: matches`}
                value={rule.match_field}
                disabled={!canEdit}
                onChange={(event) =>
                  change(index, { match_field: event.target.value as PutawayRule["match_field"] })
                }
              >
                {Object.entries(FIELDS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </Select>
              <TextInput
                aria-label={`Rule ${index + 1}: ${FIELDS[rule.match_field].toLowerCase()}`}
                value={rule.match_value}
                placeholder={rule.match_field === "tag" ? "e.g. frozen" : "e.g. Apparel"}
                maxLength={255}
                readOnly={!canEdit}
                onChange={(event) => change(index, { match_value: event.target.value })}
              />
              <TextInput
                aria-label={`Rule ${index + 1}: zone`}
                value={rule.zone}
                placeholder="Zone, e.g. Aisle A"
                maxLength={60}
                readOnly={!canEdit}
                onChange={(event) => change(index, { zone: event.target.value })}
              />
              {canEdit ? (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setRules((current) => current.filter((_, at) => at !== index))}
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
              setRules((current) => [...current, { match_field: "tag", match_value: "", zone: "" }])
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
    </section>
  );
}
