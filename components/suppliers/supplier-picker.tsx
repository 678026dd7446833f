"use client";

import { useId, useState } from "react";
import { useCurrentStore } from "@/components/app/staff-context";
import { Button } from "@/components/ui/button";
import { describedBy, Field, Select, TextField } from "@/components/ui/field";
import { ApiError, errorMessage } from "@/lib/client/api-client";
import { useCreateSupplier, useSuppliers } from "@/lib/client/hooks/suppliers";

const NEW = "__new";

/**
 * The shipment form's supplier: one of the store's, none, or a new one created right here (name and claims
 * e-mail) and then selected. The chosen id goes into the form as `supplier_id`.
 */
export function SupplierPicker({ error }: { error?: string }) {
  const store = useCurrentStore();
  const suppliers = useSuppliers(store.id);
  const create = useCreateSupplier(store.id);
  const id = useId();
  const [value, setValue] = useState("");
  const [draft, setDraft] = useState({ name: "", email: "" });
  const issues = create.error instanceof ApiError ? create.error.errors : [];
  const issue = (field: string) => issues.find((found) => found.path.endsWith(field))?.message;
  const add = () =>
    create.mutate(draft, {
      onSuccess: (supplier) => {
        setValue(supplier.id);
        setDraft({ name: "", email: "" });
      },
    });
  return (
    <div className="space-y-3">
      <Field id={`${id}-supplier`} label="Supplier" error={error}>
        <Select
          {...describedBy(`${id}-supplier`, error)}
          name="supplier_id"
          value={value}
          onChange={(event) => setValue(event.target.value)}
        >
          <option value="">No supplier</option>
          {(suppliers.data ?? []).map((supplier) => (
            <option key={supplier.id} value={supplier.id}>
              {supplier.name}
            </option>
          ))}
          <option value={NEW}>New supplier…</option>
        </Select>
      </Field>
      {value === NEW ? (
        <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-800">New supplier</legend>
          <TextField
            id={`${id}-new-name`}
            label="Name"
            value={draft.name}
            error={issue("name")}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          />
          <TextField
            id={`${id}-new-email`}
            label="Claims e-mail"
            type="email"
            value={draft.email}
            error={issue("email")}
            onChange={(event) => setDraft({ ...draft, email: event.target.value })}
          />
          {create.error && issues.length === 0 ? (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(create.error)}
            </p>
          ) : null}
          <Button onClick={add} pending={create.isPending}>
            Add and select
          </Button>
        </fieldset>
      ) : null}
    </div>
  );
}
