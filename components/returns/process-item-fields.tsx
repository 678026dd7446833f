"use client";

import type { ReactNode } from "react";
import { describedBy, Field, Select, TextInput } from "@/components/ui/field";
import { formatMoney, humanize } from "@/lib/client/format";
import { MAX_ITEM_TEXT_LENGTH } from "@/lib/schemas/limits";
import type { Location } from "@/lib/schemas/locations";
import type { ReturnItem } from "@/lib/schemas/returns";
import type { ItemProblems } from "./process-errors";

export type Decision = "restock" | "accept" | "reject" | "skip";

/** What staff chose for one item in the process panel (strings as typed; checked before sending). */
export type ItemPlan = {
  itemId: string;
  decision: Decision;
  locationId: string;
  rejectReason: string;
  grade: string;
  outcome: string;
  /** The amount to credit instead of the item's value; empty: unchanged. */
  credit: string;
};

/** The store's grading scale (the demo's, as warehouses write it); the API takes any short text. */
const GRADES = ["A - Like new", "B - Minor wear", "C - Visible wear", "D - Damaged", "F - Unsellable"];
/** Outcomes beside the API's defaults (restock, return_to_customer, customer_kept). */
const OUTCOMES = [
  "restock",
  "resell_as_open_box",
  "missing_accessories",
  "refurbish",
  "donate",
  "recycle",
  "dispose",
  "return_to_customer",
];

const DECISIONS: { value: Decision; label: string; green?: boolean }[] = [
  { value: "restock", label: "Restock" },
  { value: "accept", label: "Accept, no restock", green: true },
  { value: "reject", label: "Reject" },
  { value: "skip", label: "Later", green: true },
];

/** The element id of each field of the item whose fields have ids starting with `id` (summary links). */
export const fieldIdOf = (id: string, field: keyof ItemProblems) => `${id}-${field}`;

/**
 * One item's fields: the decision as a radio group, then what that decision needs. Each problem is shown
 * beside its field (`item`: under the decision); `id` prefixes the fields' ids.
 */
export function ProcessItemFields({
  id,
  item,
  title,
  plan,
  locations,
  problems,
  marked = false,
  onChange,
  children,
}: {
  item: ReturnItem;
  title: string;
  plan: ItemPlan;
  locations: readonly Location[];
  id: string;
  problems: ItemProblems;
  /** The item just found by its code (ProcessItemFinder). */
  marked?: boolean;
  onChange: (change: Partial<ItemPlan>) => void;
  /** More fields of the item, after its location (the disposition, process-disposition.tsx). */
  children?: ReactNode;
}) {
  // A green item stays with the customer: there is nothing to put back on a shelf or to send back.
  const choices = item.greenReturn ? DECISIONS.filter((d) => d.green) : DECISIONS;
  return (
    <fieldset
      className={`scroll-mt-4 rounded-lg p-4 ${marked ? "border-2 border-emerald-500" : "border border-slate-200"}`}
    >
      <legend className="px-1 text-sm font-semibold text-slate-900">
        {title}
        <span className="ml-2 font-normal text-slate-500">
          Qty {item.quantity}
          {item.sku ? ` · SKU ${item.sku}` : ""}
          {item.refund ? ` · credit ${formatMoney(item.refund.amount)}` : ""}
          {item.greenReturn ? " · customer keeps it" : ""}
        </span>
      </legend>
      <div
        id={fieldIdOf(id, "item")}
        role="radiogroup"
        aria-label={`What to do with ${title}`}
        aria-describedby={problems.item ? `${fieldIdOf(id, "item")}-error` : undefined}
        // Focusable from the error summary's link; the radios keep their own tab stop.
        tabIndex={-1}
        className="flex flex-wrap gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
      >
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-1.5 text-sm ring-1 ring-slate-300 ring-inset has-[:checked]:bg-indigo-50 has-[:checked]:font-medium has-[:checked]:text-indigo-900 has-[:checked]:ring-indigo-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600"
          >
            <input
              type="radio"
              name={`${id}-decision`}
              value={choice.value}
              checked={plan.decision === choice.value}
              onChange={() => onChange({ decision: choice.value })}
              className="size-4 accent-indigo-600"
            />
            {choice.label}
          </label>
        ))}
      </div>
      {problems.item ? (
        <p id={`${fieldIdOf(id, "item")}-error`} className="mt-2 text-sm text-red-700">
          {problems.item}
        </p>
      ) : null}

      {plan.decision === "skip" ? null : (
        <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
          {plan.decision === "restock" ? (
            <Field id={`${id}-location`} label="Restock at" error={problems.location}>
              <Select
                {...describedBy(`${id}-location`, problems.location)}
                value={plan.locationId}
                onChange={(event) => onChange({ locationId: event.target.value })}
              >
                {locations.map((location) => (
                  <option key={location.id} value={location.id}>
                    {location.name}
                  </option>
                ))}
              </Select>
            </Field>
          ) : null}
          {children}
          {plan.decision === "reject" ? (
            <Field id={`${id}-reason`} label="Reason for rejecting" error={problems.reason}>
              <TextInput
                {...describedBy(`${id}-reason`, problems.reason)}
                maxLength={MAX_ITEM_TEXT_LENGTH}
                value={plan.rejectReason}
                onChange={(event) => onChange({ rejectReason: event.target.value })}
              />
            </Field>
          ) : null}
          <Field id={`${id}-grade`} label="Grade" error={problems.grade}>
            <Select
              {...describedBy(`${id}-grade`, problems.grade)}
              value={plan.grade}
              onChange={(event) => onChange({ grade: event.target.value })}
            >
              <option value="">Not graded</option>
              {GRADES.map((grade) => (
                <option key={grade} value={grade}>
                  {grade}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={`${id}-outcome`} label="Outcome" error={problems.outcome}>
            <Select
              {...describedBy(`${id}-outcome`, problems.outcome)}
              value={plan.outcome}
              onChange={(event) => onChange({ outcome: event.target.value })}
            >
              <option value="">Default for the decision</option>
              {OUTCOMES.map((outcome) => (
                <option key={outcome} value={outcome}>
                  {humanize(outcome)}
                </option>
              ))}
            </Select>
          </Field>
          {plan.decision !== "reject" ? (
            <Field
              id={`${id}-credit`}
              label="Credit instead (optional)"
              hint={
                item.refund
                  ? `An amount such as 12.50, credited in place of the item's value. Leave empty to credit ${formatMoney(item.refund.amount)}.`
                  : "An amount such as 12.50, credited in place of the item's value. Leave empty to keep it."
              }
              error={problems.credit}
            >
              <TextInput
                {...describedBy(`${id}-credit`, problems.credit, "hint")}
                inputMode="decimal"
                value={plan.credit}
                onChange={(event) => onChange({ credit: event.target.value })}
              />
            </Field>
          ) : null}
        </div>
      )}
    </fieldset>
  );
}
