"use client";

import { type FormEvent, type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { TextInput } from "@/components/ui/field";
import { useCheckReturnCustody, useReturnInspection } from "@/lib/client/hooks/inspection";
import type { Checklist, CustodyFinding, InspectionAnswer } from "@/lib/schemas/inspection";
import { requiredBecause } from "@/lib/schemas/inspection-rules";
import type { ProcessReturnBody } from "@/lib/schemas/return-lifecycle";
import { InspectionQuestion } from "./inspection-question";

type AnswerValue = InspectionAnswer["value"];
/** One item's inspection as the inspector goes: the answers given and when the item was first scanned. */
type ItemInspection = { answers: ReadonlyMap<string, AnswerValue>; startedAt?: string };

/**
 * The inspection of a return's items in the process panel (docs/inspection.md): per item, scan the unit's
 * serial or plate (its chain of custody answers at once; a mismatch flags the return) and answer its
 * checklist, whose required questions are marked as the answers make them so. The time runs from the item's
 * first scan (or first answer) to the decision, which `withInspections` stamps on the request it completes.
 */
export function useInspectionSteps({
  storeId,
  returnId,
  itemIds,
  nameOf,
}: {
  storeId: string;
  returnId: string;
  /** The items still to process, in the panel's order. */
  itemIds: readonly string[];
  nameOf: (itemId: string) => string;
}): {
  element: ReactNode;
  withInspections: (body: ProcessReturnBody) => ProcessReturnBody;
  /** An item's answers so far, by question key (the disposition rules read them). */
  answersOf: (itemId: string) => ReadonlyMap<string, AnswerValue>;
  /** A question's label on the item's checklist, else its key. */
  labelOf: (itemId: string, question: string) => string;
} {
  const inspection = useReturnInspection(storeId, returnId);
  const [state, setState] = useState<ReadonlyMap<string, ItemInspection>>(new Map());
  const start = (itemId: string, change: (current: ItemInspection) => ItemInspection) =>
    setState((current) => {
      const before: ItemInspection = current.get(itemId) ?? { answers: new Map() };
      const next = change({ ...before, startedAt: before.startedAt ?? new Date().toISOString() });
      return new Map(current).set(itemId, next);
    });
  const byItem = new Map((inspection.data?.items ?? []).map((item) => [item.item_id, item]));
  const shown = itemIds.flatMap((itemId) => {
    const found = byItem.get(itemId);
    return found ? [found] : [];
  });

  const withInspections = (body: ProcessReturnBody): ProcessReturnBody => {
    const decidedAt = new Date().toISOString();
    return {
      ...body,
      products: body.products.map((product) => {
        const item = state.get(product._id);
        const checklist = byItem.get(product._id)?.checklist;
        if (!item && !checklist) return product;
        const answers = [...(item?.answers ?? new Map<string, AnswerValue>())].map(([question, value]) => ({
          question,
          value,
        }));
        const times = item?.startedAt ? { startedAt: item.startedAt, decidedAt } : {};
        return { ...product, inspection: { answers, ...times } };
      }),
    };
  };

  const element =
    shown.length === 0 ? null : (
      <section aria-label="Inspection" className="space-y-3">
        {shown.map((item) => (
          <ItemInspectionFields
            key={item.item_id}
            storeId={storeId}
            returnId={returnId}
            itemId={item.item_id}
            title={nameOf(item.item_id)}
            productType={item.product_type}
            checklist={item.checklist}
            custody={item.custody}
            state={state.get(item.item_id)}
            onStart={() => start(item.item_id, (current) => current)}
            onAnswer={(key, value) =>
              start(item.item_id, (current) => {
                const answers = new Map(current.answers);
                if (value === undefined) answers.delete(key);
                else answers.set(key, value);
                return { ...current, answers };
              })
            }
          />
        ))}
      </section>
    );
  const answersOf = (itemId: string) => state.get(itemId)?.answers ?? NO_ANSWERS;
  const labelOf = (itemId: string, question: string) =>
    byItem.get(itemId)?.checklist?.questions.find((q) => q.key === question)?.label ?? question;
  return { element, withInspections, answersOf, labelOf };
}

const NO_ANSWERS: ReadonlyMap<string, AnswerValue> = new Map();

function ItemInspectionFields({
  storeId,
  returnId,
  itemId,
  title,
  productType,
  checklist,
  custody,
  state,
  onStart,
  onAnswer,
}: {
  storeId: string;
  returnId: string;
  itemId: string;
  title: string;
  productType: string | null;
  checklist: Checklist | null;
  custody: CustodyFinding | null;
  state: ItemInspection | undefined;
  onStart: () => void;
  onAnswer: (key: string, value: AnswerValue | undefined) => void;
}) {
  const answers = state?.answers ?? new Map<string, AnswerValue>();
  const required = (checklist?.questions ?? []).map((question) =>
    checklist ? requiredBecause(question, checklist, productType, answers) : null,
  );
  const missing = (checklist?.questions ?? []).filter((q, i) => required[i] && !answers.has(q.key));
  return (
    // Not a fieldset: the panel's item decisions are its groups, in the items' order.
    <div className="rounded-lg border border-slate-200 p-4">
      <h3 className="text-sm font-semibold text-slate-900">
        Inspect {title}
        {checklist ? <span className="ml-2 font-normal text-slate-500">· {checklist.name}</span> : null}
      </h3>
      <div className="mt-2">
        <CustodyScan
          storeId={storeId}
          returnId={returnId}
          itemId={itemId}
          custody={custody}
          onScan={onStart}
        />
      </div>
      {checklist ? (
        <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
          {checklist.questions.map((question, index) => (
            <InspectionQuestion
              key={question.key}
              id={`inspect-${itemId}-${question.key}`}
              question={question}
              value={answers.get(question.key)}
              required={required[index] ?? null}
              onAnswer={(value) => onAnswer(question.key, value)}
            />
          ))}
        </div>
      ) : null}
      {missing.length > 0 ? (
        <p className="mt-3 text-sm text-amber-800">
          Still to answer: {missing.map((q) => q.label).join(", ")}.
        </p>
      ) : null}
      {state?.startedAt ? (
        <p className="mt-2 text-xs text-slate-500">
          Inspection started at {new Date(state.startedAt).toLocaleTimeString()}; the time to the decision is
          kept.
        </p>
      ) : null}
    </div>
  );
}

const VERDICT_TONE: Record<CustodyFinding["verdict"], string> = {
  received: "border-emerald-200 bg-emerald-50 text-emerald-900",
  returned_before: "border-red-200 bg-red-50 text-red-900",
  never_received: "border-red-200 bg-red-50 text-red-900",
};

/** Scan (or type) the unit's serial, plate or lot: one look-up answers where it came from. */
function CustodyScan({
  storeId,
  returnId,
  itemId,
  custody,
  onScan,
}: {
  storeId: string;
  returnId: string;
  itemId: string;
  custody: CustodyFinding | null;
  onScan: () => void;
}) {
  const [value, setValue] = useState("");
  const check = useCheckReturnCustody(storeId, returnId);
  const finding = check.data?.custody ?? custody;
  const inputId = `custody-${itemId}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const identifier = value.trim();
    if (!identifier) return;
    onScan();
    check.mutate({ itemId, identifier }, { onSuccess: () => setValue("") });
  };
  return (
    <div>
      <form onSubmit={submit} className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
            Unit's serial, license plate or lot
          </label>
          <TextInput
            id={inputId}
            className="mt-1 font-mono"
            autoComplete="off"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            placeholder="Scan or type, then Enter"
          />
        </div>
        <Button type="submit" pending={check.isPending}>
          Check
        </Button>
      </form>
      {finding ? (
        <p
          role="status"
          className={`mt-2 rounded-md border px-3 py-2 text-sm ${VERDICT_TONE[finding.verdict]}`}
        >
          <span className="font-mono">{finding.identifier}</span>: {finding.summary}
          {finding.verdict === "received"
            ? "."
            : ". The return is flagged: check the unit before processing."}
        </p>
      ) : null}
    </div>
  );
}
