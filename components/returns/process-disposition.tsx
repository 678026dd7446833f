"use client";

import { type ReactNode, useState } from "react";
import { STOCK_STATE_LABELS } from "@/components/inventory/movement-labels";
import { describedBy, Field, Select } from "@/components/ui/field";
import { matchDispositionRule, ruleWords } from "@/lib/client/disposition-rules";
import { useDispositionRules } from "@/lib/client/hooks/dispositions";
import { DISPOSITIONS, type Disposition, stockStateOf } from "@/lib/enums";
import type { InspectionAnswer } from "@/lib/schemas/inspection";
import type { ProcessReturnBody } from "@/lib/schemas/return-lifecycle";
import type { ItemPlan } from "./process-item-fields";

const LABEL = (disposition: Disposition) =>
  disposition === "restock" ? "Restock (sellable)" : STOCK_STATE_LABELS[stockStateOf(disposition)];

/**
 * The disposition of each item going into stock (docs/dispositions.md), kept apart from the panel's own plan:
 * restock (sellable) or a non-sellable state. Until the inspector picks one, the store's first rule matching
 * the item's grade, outcome and checklist answers (`answersOf`, the inspection steps') pre-fills it (Settings →
 * Store → Disposition rules), else restock. `fieldFor` renders an
 * item's select, `applyTo` writes the choices into the request, `describe` words one for the review step.
 */
export function useProcessDispositions(
  storeId: string,
  inspection: {
    answersOf: (itemId: string) => ReadonlyMap<string, InspectionAnswer["value"]>;
    labelOf: (itemId: string, question: string) => string;
  },
) {
  const rules = useDispositionRules(storeId);
  const [chosen, setChosen] = useState<ReadonlyMap<string, Disposition>>(new Map());
  const resolve = (plan: ItemPlan) => {
    const picked = chosen.get(plan.itemId);
    if (picked) return { disposition: picked, rule: undefined };
    const matched = matchDispositionRule(rules.data ?? [], {
      grade: plan.grade,
      outcome: plan.outcome,
      answers: inspection.answersOf(plan.itemId),
    });
    return { disposition: matched?.disposition ?? ("restock" as const), rule: matched?.rule };
  };

  const fieldFor = (plan: ItemPlan, id: string): ReactNode => {
    if (plan.decision !== "restock") return null;
    const { disposition, rule } = resolve(plan);
    const words = rule ? ruleWords(rule, (question) => inspection.labelOf(plan.itemId, question)) : null;
    return (
      <Field
        id={`${id}-disposition`}
        label="Disposition"
        hint={
          words
            ? `Pre-filled by the rule for ${words}: confirm or change it.`
            : disposition === "restock"
              ? "Back into sellable stock."
              : "Held apart from sellable stock, at the location chosen."
        }
      >
        <Select
          {...describedBy(`${id}-disposition`, null, "hint")}
          value={disposition}
          onChange={(event) =>
            setChosen((current) => new Map(current).set(plan.itemId, event.target.value as Disposition))
          }
        >
          {DISPOSITIONS.map((value) => (
            <option key={value} value={value}>
              {LABEL(value)}
            </option>
          ))}
        </Select>
      </Field>
    );
  };

  /** Each restocked product with another disposition sends it instead of `restock: true` (same location). */
  const applyTo = (body: ProcessReturnBody, plans: readonly ItemPlan[]): ProcessReturnBody => ({
    ...body,
    products: body.products.map((product) => {
      const plan = plans.find((candidate) => candidate.itemId === product._id);
      if (!plan || product.processInput?.restock !== true) return product;
      const { disposition } = resolve(plan);
      if (disposition === "restock") return product;
      const { restock: _restock, ...rest } = product.processInput;
      return { ...product, processInput: { ...rest, disposition } };
    }),
  });

  /** The review step's verb for a restocked item with another disposition; undefined: the panel's own. */
  const describe = (plan: ItemPlan): string | undefined => {
    if (plan.decision !== "restock") return undefined;
    const { disposition } = resolve(plan);
    return disposition === "restock" ? undefined : `Into ${LABEL(disposition).toLowerCase()}`;
  };

  return { fieldFor, applyTo, describe };
}
