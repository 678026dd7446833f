"use client";

import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ApiError, errorMessage } from "@/lib/client/api-client";
import { formatMoney } from "@/lib/client/format";
import { useStoreLocations } from "@/lib/client/hooks/locations";
import type { Order } from "@/lib/schemas/orders";
import type { ProcessReturnBody } from "@/lib/schemas/return-lifecycle";
import type { Return } from "@/lib/schemas/returns";
import { useInspectionSteps } from "./inspection-steps";
import { useProcessDispositions } from "./process-disposition";
import { ProcessErrorSummary, type SummaryEntry } from "./process-error-summary";
import { type ItemProblems, placeProcessErrors } from "./process-errors";
import { type Decision, fieldIdOf, type ItemPlan, ProcessItemFields } from "./process-item-fields";
import { ProcessItemFinder } from "./process-item-finder";
import { bodyOf, defaultLocation, problemsOf } from "./process-plan";
import { itemTitle } from "./return-item-details";

/** Item statuses processing has settled (lib/domain/returns/process-checks.ts): not offered again. */
const SETTLED = new Set(["processed", "rejected"]);

/** The order the summary lists an item's problems in: the order of its fields. */
const FIELD_ORDER = ["item", "location", "reason", "grade", "outcome", "credit"] as const;

const VERB: Record<Decision, string> = {
  restock: "Restock",
  accept: "Accept without restocking",
  reject: "Reject",
  skip: "Leave for later",
};

/**
 * The process panel: per unprocessed item, restock (to a location of the store), accept without
 * restocking, reject (with a reason) or leave for later; a grade, an outcome and, unless rejected, the
 * amount to credit instead of the item's value. "Review" shows what will happen; processing is final.
 */
export function ProcessPanel({
  storeId,
  ret,
  order,
  pending,
  error,
  onClose,
  onProcess,
}: {
  storeId: string;
  ret: Return;
  order: Order;
  pending: boolean;
  error: Error | null;
  onClose: () => void;
  onProcess: (body: ProcessReturnBody) => void;
}) {
  const locations = useStoreLocations(storeId);
  const summaryId = useId();
  const fieldsId = useId();
  const summaryRef = useRef<HTMLDivElement>(null);
  // The items of the last request, in order: the API names each problem by its place in it.
  const [sentItemIds, setSentItemIds] = useState<string[]>([]);
  // Items changed since the API's answer: its problems about them may be fixed, so no longer shown.
  const [editedSince, setEditedSince] = useState<ReadonlySet<string>>(new Set());
  const lines = useMemo(() => new Map(order.items.map((line) => [line.id, line])), [order.items]);
  const items = ret.items.filter((item) => !SETTLED.has(item.status ?? ""));
  const [plans, setPlans] = useState<ItemPlan[]>(() =>
    items.map((item) => ({
      itemId: item.id,
      decision: item.greenReturn ? "accept" : "restock",
      locationId: "",
      rejectReason: "",
      grade: "",
      outcome: "",
      credit: "",
    })),
  );
  const [step, setStep] = useState<"edit" | "confirm">("edit");
  const [marked, setMarked] = useState<string | null>(null);
  const [showProblems, setShowProblems] = useState(false);
  const fallback = locations.data ? defaultLocation(ret, locations.data) : "";
  const resolved = plans.map((plan) => ({ ...plan, locationId: plan.locationId || fallback }));
  const problems = resolved.map(problemsOf);
  const chosen = resolved.filter((plan) => plan.decision !== "skip");
  const ready = chosen.length > 0 && problems.every((p) => Object.keys(p).length === 0);
  const nameOf = (itemId: string) => {
    const item = ret.items.find((i) => i.id === itemId);
    return item ? itemTitle(item, lines.get(item.orderItem.id)) : itemId;
  };
  const locationName = (id: string) => locations.data?.find((l) => l.id === id)?.name ?? id;
  // Inspection (docs/inspection.md): checklists and custody scans per item, and their answers in the body.
  const inspection = useInspectionSteps({
    storeId,
    returnId: ret.id,
    itemIds: plans.map((p) => p.itemId),
    nameOf,
  });
  // Dispositions pre-fill from the store's rules, which may ask for an answer of the item's checklist.
  const dispositions = useProcessDispositions(storeId, inspection);
  const update = (index: number, change: Partial<ItemPlan>) => {
    const itemId = plans[index]?.itemId;
    if (itemId) setEditedSince((current) => new Set(current).add(itemId));
    setPlans((current) => current.map((plan, i) => (i === index ? { ...plan, ...change } : plan)));
  };

  const placed = useMemo(
    () => placeProcessErrors(error instanceof ApiError ? error.errors : [], sentItemIds),
    [error, sentItemIds],
  );
  // A refusal about items goes back to their fields, each message beside the field it is about.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a new answer arrives only.
  useEffect(() => {
    setEditedSince(new Set());
    if (placed.byItem.size === 0) return;
    setStep("edit");
    setShowProblems(true);
    summaryRef.current?.focus();
  }, [error]);
  const shownProblems = resolved.map((plan, index): ItemProblems => {
    const fromApi = editedSince.has(plan.itemId) ? {} : (placed.byItem.get(plan.itemId) ?? {});
    return { ...fromApi, ...(showProblems ? problems[index] : {}) };
  });
  const summaryEntries: SummaryEntry[] = resolved.flatMap((plan, index) =>
    FIELD_ORDER.flatMap((field) => {
      const message = shownProblems[index]?.[field];
      if (!message) return [];
      return [
        { targetId: fieldIdOf(`${fieldsId}-${index}`, field), text: `${nameOf(plan.itemId)}: ${message}` },
      ];
    }),
  );
  const summary =
    error || (step === "edit" && summaryEntries.length > 0) ? (
      <ProcessErrorSummary
        summaryRef={summaryRef}
        title={
          error
            ? // The API's detail names items by id; when they are marked below, say it in words instead.
              placed.byItem.size > 0
              ? `Not processed: ${placed.byItem.size === 1 ? "one item needs" : `${placed.byItem.size} items need`} a change.`
              : `Not processed: ${errorMessage(error)}`
            : `${summaryEntries.length === 1 ? "One thing needs" : `${summaryEntries.length} things need`} a change before review:`
        }
        entries={step === "edit" ? summaryEntries : []}
        general={error ? placed.general : []}
      />
    ) : null;

  const footer =
    step === "edit" ? (
      <>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="primary"
          onClick={() => {
            setShowProblems(true);
            if (ready) setStep("confirm");
            // Not ready: the summary (rendered by then) says what to change and links to each field.
            else requestAnimationFrame(() => summaryRef.current?.focus());
          }}
        >
          Review
        </Button>
      </>
    ) : (
      <>
        <Button onClick={() => setStep("edit")}>Back</Button>
        <Button
          variant="primary"
          pending={pending}
          onClick={() => {
            const body = inspection.withInspections(dispositions.applyTo(bodyOf(resolved), resolved));
            setSentItemIds(body.products.map((product) => product._id));
            onProcess(body);
          }}
        >
          {chosen.length === 1 ? "Process 1 item" : `Process ${chosen.length} items`}
        </Button>
      </>
    );

  return (
    <Dialog
      open
      size="lg"
      onClose={onClose}
      title="Process return"
      description="Decide what happens to each item that has arrived. Processing cannot be undone."
      footer={footer}
    >
      {summary}
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">Every item of this return is processed already.</p>
      ) : step === "edit" ? (
        <div className="space-y-4">
          <ProcessItemFinder
            items={items}
            nameOf={nameOf}
            onFound={(itemId) => {
              setMarked(itemId);
              const at = plans.findIndex((plan) => plan.itemId === itemId);
              markedFieldset(fieldIdOf(`${fieldsId}-${at}`, "item"));
            }}
          />
          {inspection.element}
          {showProblems && chosen.length === 0 ? (
            <p role="alert" className="text-sm text-red-700">
              Choose what to do with at least one item.
            </p>
          ) : null}
          {resolved.map((plan, index) => {
            const item = ret.items.find((i) => i.id === plan.itemId);
            if (!item) return null;
            return (
              <ProcessItemFields
                key={plan.itemId}
                id={`${fieldsId}-${index}`}
                item={item}
                title={nameOf(plan.itemId)}
                plan={plan}
                locations={locations.data ?? []}
                problems={shownProblems[index] ?? {}}
                marked={marked === plan.itemId}
                onChange={(change) => update(index, change)}
              >
                {dispositions.fieldFor(plan, `${fieldsId}-${index}`)}
              </ProcessItemFields>
            );
          })}
        </div>
      ) : (
        <section aria-labelledby={summaryId} aria-live="polite">
          <h3 id={summaryId} className="text-sm font-semibold text-slate-900">
            This will be done, and cannot be undone:
          </h3>
          <ul className="mt-2 space-y-2 text-sm text-slate-700">
            {resolved.map((plan) => (
              <li key={plan.itemId} className="rounded-md border border-slate-200 px-3 py-2">
                <span className="font-medium text-slate-900">{nameOf(plan.itemId)}</span>:{" "}
                {dispositions.describe(plan) ?? VERB[plan.decision]}
                {plan.decision === "restock" ? ` at ${locationName(plan.locationId)}` : ""}
                {plan.decision === "reject" ? ` (${plan.rejectReason.trim()})` : ""}
                {plan.grade ? ` · grade ${plan.grade}` : ""}
                {plan.credit.trim() && plan.decision !== "reject"
                  ? ` · credit ${formatMoney({ amount: Number(plan.credit).toFixed(2), currency: ret.totals.refund.amount.currency })}`
                  : ""}
              </li>
            ))}
          </ul>
          {chosen.length < resolved.length ? (
            <p className="mt-3 text-sm text-slate-600">Items left for later keep the return open.</p>
          ) : (
            <p className="mt-3 text-sm text-slate-600">Every item is decided: the return will be closed.</p>
          )}
        </section>
      )}
    </Dialog>
  );
}

/** Scrolls to the fieldset holding the element `id` (an item's decision), once the mark is drawn. */
function markedFieldset(id: string) {
  requestAnimationFrame(() =>
    document.getElementById(id)?.closest("fieldset")?.scrollIntoView({ block: "nearest" }),
  );
}
