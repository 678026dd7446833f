"use client";

import { type FormEvent, useMemo, useState } from "react";
import { useCan } from "@/components/app/staff-context";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { describedBy, Field, TextInput } from "@/components/ui/field";
import { ApiError } from "@/lib/client/api-client";
import { useSetItemIdentifiers } from "@/lib/client/hooks/returns";
import type { Order } from "@/lib/schemas/orders";
import type { Return, ReturnItem } from "@/lib/schemas/returns";
import {
  changedEntries,
  type IdentifierEdits,
  type ItemErrors,
  serverErrorsFor,
  storedIdentifier,
  validateEntries,
} from "./identifier-edits";
import { itemTitle, ReturnItemDetails } from "./return-item-details";
import { ReturnPlatesButton } from "./return-plates-button";
import { useUnsavedChangesGuard } from "./use-unsaved-changes-guard";

const HINT = "Up to 255 characters. Leave it empty to clear it.";

function inputId(itemId: string): string {
  return `identifier-${itemId}`;
}

function focusInput(itemId: string | undefined): void {
  if (itemId) document.getElementById(inputId(itemId))?.focus();
}

/**
 * The return's items with an inline form for their external identifiers. Every edit is checked at once with
 * the schema the API validates with; Save sends the changed items in one request (the API applies all or
 * none). A 400 puts each problem beside its item and keeps the edits; success resets the form.
 */
export function IdentifiersForm({ storeId, ret, order }: { storeId: string; ret: Return; order: Order }) {
  const canEdit = useCan("write");
  const lines = useMemo(() => new Map(order.items.map((line) => [line.id, line])), [order.items]);
  const [edits, setEdits] = useState<IdentifierEdits>({});
  const [serverErrors, setServerErrors] = useState<ItemErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSetItemIdentifiers(storeId, ret.id);

  const changed = useMemo(() => changedEntries(ret.items, edits), [ret.items, edits]);
  const clientErrors = useMemo(() => validateEntries(changed), [changed]);
  const changedIds = new Set(changed.map((entry) => entry.id));
  const errorOf = (itemId: string) =>
    changedIds.has(itemId) ? (clientErrors[itemId] ?? serverErrors[itemId]) : undefined;
  const dirty = changed.length > 0;
  useUnsavedChangesGuard(dirty, "You have unsaved identifier changes. Leave this page and lose them?");

  const edit = (itemId: string, value: string) => {
    setEdits((current) => ({ ...current, [itemId]: value }));
    setServerErrors(({ [itemId]: _dropped, ...rest }) => rest);
  };

  const discard = () => {
    setEdits({});
    setServerErrors({});
    setFormError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || save.isPending) return;
    setFormError(null);
    const invalid = changed.find((entry) => clientErrors[entry.id]);
    if (invalid) {
      focusInput(invalid.id);
      return;
    }
    const sent = changed;
    save.mutate(sent, {
      onSuccess: () => {
        setEdits({});
        setServerErrors({});
      },
      onError: (error) => {
        if (!(error instanceof ApiError) || error.status !== 400) return; // toasted by the hook
        const placed = serverErrorsFor(sent, error);
        setServerErrors(placed.byItem);
        setFormError(placed.formError);
        focusInput(sent.find((entry) => placed.byItem[entry.id])?.id);
      },
    });
  };

  const invalidCount = changed.filter((entry) => errorOf(entry.id)).length;

  return (
    <Card
      title={`Items (${ret.items.length})`}
      description={
        canEdit
          ? "Record your own reference for each item (a WMS or RMA number), then save them together."
          : undefined
      }
      bodyClassName=""
      actions={
        <ReturnPlatesButton
          storeId={storeId}
          ret={ret}
          itemName={(itemId) => {
            const item = ret.items.find((i) => i.id === itemId);
            return item ? itemTitle(item, lines.get(item.orderItem.id)) : itemId;
          }}
        />
      }
    >
      <form noValidate onSubmit={submit} aria-label="Item identifiers">
        {formError ? (
          <p role="alert" className="border-b border-red-200 bg-red-50 px-5 py-3 text-sm text-red-800">
            Not saved: {formError}
          </p>
        ) : null}
        <ul className="divide-y divide-slate-200">
          {ret.items.map((item) => (
            <li key={item.id} className="px-5 py-5">
              <ReturnItemDetails item={item} line={lines.get(item.orderItem.id)}>
                <IdentifierField
                  item={item}
                  title={itemTitle(item, lines.get(item.orderItem.id))}
                  canEdit={canEdit}
                  value={edits[item.id] ?? storedIdentifier(item)}
                  edited={changedIds.has(item.id)}
                  error={errorOf(item.id)}
                  onChange={(value) => edit(item.id, value)}
                />
              </ReturnItemDetails>
            </li>
          ))}
        </ul>
        {canEdit ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-b-lg border-t border-slate-200 bg-slate-50 px-5 py-3">
            <p className="text-sm text-slate-600" aria-live="polite">
              {dirty
                ? `${changed.length} unsaved ${changed.length === 1 ? "change" : "changes"}${
                    invalidCount > 0 ? `, ${invalidCount} to fix` : ""
                  }`
                : "No unsaved changes"}
            </p>
            <div className="flex items-center gap-2">
              <Button variant="ghost" onClick={discard} disabled={!dirty || save.isPending}>
                Discard
              </Button>
              <Button type="submit" variant="primary" disabled={!dirty} pending={save.isPending}>
                Save identifiers
              </Button>
            </div>
          </div>
        ) : null}
      </form>
    </Card>
  );
}

function IdentifierField({
  item,
  title,
  canEdit,
  value,
  edited,
  error,
  onChange,
}: {
  item: ReturnItem;
  title: string;
  canEdit: boolean;
  value: string;
  edited: boolean;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = inputId(item.id);
  if (!canEdit) {
    return (
      <div className="rounded-md bg-slate-50 px-3 py-2 text-sm">
        <span className="text-slate-600">External identifier: </span>
        {item.externalIdentifier ? (
          <span className="font-mono text-slate-900">{item.externalIdentifier}</span>
        ) : (
          <span className="text-slate-600">not set</span>
        )}
      </div>
    );
  }
  return (
    <Field
      id={id}
      className="max-w-xl"
      label={
        <span className="flex items-center gap-2">
          <span>
            External identifier<span className="sr-only"> of {title}</span>
          </span>
          {edited ? <span className="text-xs font-medium text-amber-700">Unsaved</span> : null}
        </span>
      }
      hint={HINT}
      error={error}
    >
      <TextInput
        {...describedBy(id, error, HINT)}
        name={`items.${item.id}.externalIdentifier`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Not set"
        autoComplete="off"
        spellCheck={false}
        className="font-mono"
      />
    </Field>
  );
}
