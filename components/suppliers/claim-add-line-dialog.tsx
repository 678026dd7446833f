"use client";

import { type FormEvent, useId, useState } from "react";
import { useCurrentStore } from "@/components/app/staff-context";
import { type PickedSku, SkuPicker } from "@/components/shipments/sku-picker";
import { Button } from "@/components/ui/button";
import { Dialog, FormDialogFooter } from "@/components/ui/dialog";
import { FormError, SelectField, TextField } from "@/components/ui/field";
import { errorMessage } from "@/lib/client/api-client";
import { humanize } from "@/lib/client/format";
import { useSupplierClaimLineEdit } from "@/lib/client/hooks/suppliers";
import { toast } from "@/lib/client/toast";
import { MANUAL_LINE_REASONS } from "@/lib/schemas/supplier-claim-lines";
import type { SupplierClaim } from "@/lib/schemas/suppliers";
import { fieldErrors } from "./claim-line-dialog";
import { ClaimLineAmountFields } from "./claim-line-fields";

const NO_PICKS: ReadonlySet<string> = new Set();

/**
 * Adds a line by hand to a DRAFT claim (docs/suppliers.md, "Adding a line by hand"): a product found with the
 * shared SKU picker, a reason (damaged, missing or wrong item), units, unit cost and a note. No receipt recorded
 * these units, so nothing is waived or capped. The API's 400 shows beside its field.
 */
export function ClaimAddLineDialog({ claim, onClose }: { claim: SupplierClaim; onClose: () => void }) {
  const store = useCurrentStore();
  const formId = useId();
  const add = useSupplierClaimLineEdit(store.id, claim.id);
  const [product, setProduct] = useState<PickedSku | null>(null);
  const [productMissing, setProductMissing] = useState(false);
  const errors = fieldErrors(add.error);
  const formError = add.error && Object.keys(errors).length === 0 ? errorMessage(add.error) : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!product) return setProductMissing(true);
    const form = new FormData(event.currentTarget);
    const units = String(form.get("quantity") ?? "").trim();
    const note = String(form.get("note") ?? "").trim();
    add.mutate(
      {
        kind: "add",
        line: {
          sku: product.sku,
          reason: String(form.get("reason")) as (typeof MANUAL_LINE_REASONS)[number],
          // Not a whole number goes as one the API refuses, so its message shows by the field.
          quantity: /^\d+$/.test(units) ? Number(units) : Number.NaN,
          unit_cost: String(form.get("unit_cost") ?? "").trim(),
          ...(note ? { note } : {}),
        },
      },
      {
        onSuccess: () => {
          toast.success("Line added");
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="Add a line"
      description={`Claim units of a product from ${claim.supplier.name} that no receipt or return recorded.`}
      footer={
        <FormDialogFooter formId={formId} pending={add.isPending} onCancel={onClose}>
          Add line
        </FormDialogFooter>
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-4" noValidate>
        {product ? (
          <div className="flex items-center justify-between gap-3 rounded-md bg-slate-50 p-3 text-sm">
            <p>
              <span className="block font-medium text-slate-900">{product.title}</span>
              <span className="font-mono text-xs text-slate-600">{product.sku}</span>
            </p>
            <Button size="sm" onClick={() => setProduct(null)}>
              Change<span className="sr-only"> product</span>
            </Button>
          </div>
        ) : (
          <div>
            <SkuPicker
              storeId={store.id}
              picked={NO_PICKS}
              onPick={(picked) => {
                setProduct(picked);
                setProductMissing(false);
              }}
            />
            {productMissing || errors.sku ? (
              <p role="alert" className="mt-1 text-sm text-red-700">
                {errors.sku ?? "Choose a product."}
              </p>
            ) : null}
          </div>
        )}
        <SelectField
          id={`${formId}-reason`}
          name="reason"
          label="Reason"
          defaultValue="damaged"
          error={errors.reason}
        >
          {MANUAL_LINE_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {humanize(reason)}
            </option>
          ))}
        </SelectField>
        <ClaimLineAmountFields
          formId={formId}
          errors={errors}
          currency={claim.total.currency}
          quantity={{ defaultValue: "1" }}
          unitCost="0.00"
        />
        <TextField id={`${formId}-note`} name="note" label="Note (optional)" error={errors.note} />
        <FormError message={formError} />
      </form>
    </Dialog>
  );
}
