"use client";

import { Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useCurrentStore } from "@/components/app/staff-context";
import { Button } from "@/components/ui/button";
import { Dialog, FormDialogFooter } from "@/components/ui/dialog";
import { FormError, SelectField } from "@/components/ui/field";
import { ApiError, errorMessage } from "@/lib/client/api-client";
import { humanize } from "@/lib/client/format";
import { useSupplierClaimLineEdit } from "@/lib/client/hooks/suppliers";
import { toast } from "@/lib/client/toast";
import { reasonsAllowedFor, type SupplierClaimLineChange } from "@/lib/schemas/supplier-claim-lines";
import type { SupplierClaim } from "@/lib/schemas/suppliers";
import { ClaimLineAmountFields } from "./claim-line-fields";

type ClaimLine = SupplierClaim["lines"][number];

/** A 400's field messages by field (`supplier_claim_line.unit_cost` -> unit_cost). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    error.errors.map((issue) => [issue.path.split(".").at(-1) ?? "form", issue.message]),
  );
}

/**
 * Edits one line of a DRAFT claim: units (1 up to what its receipt or return recorded; the rest are waived),
 * unit cost and, for a receipt's damaged, missing or wrong units, the reason. Remove asks once more, and is not
 * offered for the draft's last line. Only changed fields are sent; the API's 400 shows beside its field.
 */
export function ClaimLineDialog({
  claim,
  line,
  onClose,
}: {
  claim: SupplierClaim;
  line: ClaimLine;
  onClose: () => void;
}) {
  const store = useCurrentStore();
  const formId = useId();
  const edit = useSupplierClaimLineEdit(store.id, claim.id);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const recorded = line.quantity + line.waived_quantity;
  const reasons = reasonsAllowedFor(line.reason);
  const errors = fieldErrors(edit.error);
  const formError = edit.error && Object.keys(errors).length === 0 ? errorMessage(edit.error) : null;
  const manual = line.source === "manual";

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const units = String(form.get("quantity") ?? "").trim();
    const unitCost = String(form.get("unit_cost") ?? "").trim();
    const reason = form.get("reason");
    const change: SupplierClaimLineChange = {};
    // Not a whole number goes as one the API refuses (NaN is sent as null), so its message shows by the field.
    if (units !== String(line.quantity)) change.quantity = /^\d+$/.test(units) ? Number(units) : Number.NaN;
    if (unitCost !== line.unit_cost.amount) change.unit_cost = unitCost;
    if (typeof reason === "string" && reason !== line.reason) change.reason = reason as ClaimLine["reason"];
    if (Object.keys(change).length === 0) return onClose();
    edit.mutate(
      { kind: "update", lineId: line.id, change },
      {
        onSuccess: () => {
          toast.success("Line saved");
          onClose();
        },
      },
    );
  };

  const remove = () => {
    if (!confirmRemove) return setConfirmRemove(true);
    edit.mutate(
      { kind: "remove", lineId: line.id },
      {
        onSuccess: () => {
          toast.success("Line removed");
          onClose();
        },
      },
    );
  };

  const lastLine = claim.lines.length <= 1;
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Edit line: ${line.title}`}
      description={`${humanize(line.reason)}${line.sku ? ` · ${line.sku}` : ""}. ${manual ? "Added by hand." : `The ${line.source} recorded ${recorded} unit${recorded === 1 ? "" : "s"}.`}`}
      footer={
        <>
          {lastLine ? null : (
            <Button variant={confirmRemove ? "danger" : "ghost"} className="mr-auto" onClick={remove}>
              <Trash2 aria-hidden="true" className="size-4" />
              {confirmRemove ? "Confirm removal" : "Remove line"}
            </Button>
          )}
          <FormDialogFooter formId={formId} pending={edit.isPending} onCancel={onClose}>
            Save line
          </FormDialogFooter>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-4" noValidate>
        <ClaimLineAmountFields
          formId={formId}
          errors={errors}
          currency={line.unit_cost.currency}
          quantity={{
            defaultValue: String(line.quantity),
            max: manual ? undefined : recorded,
            hint: manual
              ? "1 or more: added by hand, no receipt recorded them."
              : `1 to ${recorded}; units not claimed stay on the line as waived.`,
          }}
          unitCost={line.unit_cost.amount}
          autoFocusQuantity
        />
        {reasons.length > 1 ? (
          <SelectField
            id={`${formId}-reason`}
            name="reason"
            label="Reason"
            defaultValue={line.reason}
            error={errors.reason}
          >
            {reasons.map((reason) => (
              <option key={reason} value={reason}>
                {humanize(reason)}
              </option>
            ))}
          </SelectField>
        ) : (
          <p className="text-sm text-slate-600">
            The reason stays {humanize(line.reason).toLowerCase()}: the units were recorded as that.
          </p>
        )}
        {lastLine ? (
          <p className="text-sm text-slate-600">
            This is the draft&apos;s only line, so it cannot be removed. To claim nothing, use Discard draft
            on the claim.
          </p>
        ) : null}
        {confirmRemove ? (
          <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            Remove this line? Its {line.quantity} unit{line.quantity === 1 ? "" : "s"} will no longer be
            claimed.
          </p>
        ) : null}
        <FormError message={formError} />
      </form>
    </Dialog>
  );
}
