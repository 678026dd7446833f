"use client";

import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { CountryPicker } from "@/components/ui/country-picker";
import { Dialog } from "@/components/ui/dialog";
import { describedBy, Field, FormError, TextInput } from "@/components/ui/field";
import { ApiError } from "@/lib/client/api-client";
import type { Location } from "@/lib/schemas/locations";
import {
  initialReturnAddressValues,
  RETURN_ADDRESS_FIELDS,
  type ReturnAddressChange,
  type ReturnAddressErrors,
  type ReturnAddressField,
  type ReturnAddressValues,
  returnAddressErrorsFromIssues,
  toReturnAddressChange,
  validateReturnAddress,
} from "./return-address-model";

/** The server's field issues (a 400), placed beside their fields; other failures are toasted by the hook. */
function serverErrors(error: unknown): ReturnAddressErrors {
  return error instanceof ApiError && error.errors.length > 0
    ? returnAddressErrorsFromIssues(error.errors)
    : {};
}

/**
 * Set, edit or remove the address returns sent to a location go to (a created return's destination), with
 * the phone shown beside it. Open while `location` is set.
 */
export function ReturnAddressDialog({
  location,
  pending,
  error,
  onSave,
  onRemove,
  onClose,
}: {
  location: Location | null;
  /** Which request is running, so only its button spins. */
  pending: "save" | "remove" | null;
  error: unknown;
  onSave: (change: ReturnAddressChange) => void;
  onRemove: () => void;
  onClose: () => void;
}) {
  const formId = useId();
  const hasAddress = Boolean(location?.return_address);
  return (
    <Dialog
      open={location !== null}
      onClose={() => (pending ? undefined : onClose())}
      size="lg"
      title={location ? `Return address of ${location.name}` : "Return address"}
      description="Returns sent to this location go to this address: new returns name it as their destination."
      footer={
        <>
          {hasAddress ? (
            <Button
              className="mr-auto"
              onClick={onRemove}
              pending={pending === "remove"}
              disabled={pending === "save"}
            >
              Remove return address
            </Button>
          ) : null}
          <Button onClick={onClose} disabled={pending !== null}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="primary"
            pending={pending === "save"}
            disabled={pending === "remove"}
          >
            Save return address
          </Button>
        </>
      }
    >
      {/* Rendered only while open, so each opening starts from the location's saved values. */}
      {location ? (
        <ReturnAddressForm
          formId={formId}
          location={location}
          pending={pending !== null}
          error={error}
          onSave={onSave}
        />
      ) : null}
    </Dialog>
  );
}

function ReturnAddressForm({
  formId,
  location,
  pending,
  error,
  onSave,
}: {
  formId: string;
  location: Location;
  pending: boolean;
  error: unknown;
  onSave: (change: ReturnAddressChange) => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ReturnAddressValues>(() => initialReturnAddressValues(location));
  const [localErrors, setLocalErrors] = useState<ReturnAddressErrors | null>(null);
  const [failures, setFailures] = useState(0);
  const errors = localErrors ?? serverErrors(error);

  // After a refused submit (here or by the server), focus goes to the first field with an error.
  useEffect(() => {
    if (failures === 0 && !error) return;
    formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [failures, error]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const invalid = validateReturnAddress(values);
    setLocalErrors(invalid);
    if (invalid) {
      setFailures((count) => count + 1);
      return;
    }
    onSave(toReturnAddressChange(values));
  };

  const set = (name: ReturnAddressField, value: string) =>
    setValues((current) => ({ ...current, [name]: value }));

  return (
    <form ref={formRef} id={formId} onSubmit={submit} noValidate aria-busy={pending || undefined}>
      <FormError message={errors.form} className="mb-4" />
      <div className="grid gap-4 sm:grid-cols-2">
        {RETURN_ADDRESS_FIELDS.map((field, index) => {
          const id = `${formId}-${field.name}`;
          const message = errors[field.name];
          const wide = field.name === "line1" || field.name === "line2";
          return (
            <Field
              key={field.name}
              id={id}
              label={field.label}
              hint={field.hint}
              error={message}
              className={wide ? "sm:col-span-2" : ""}
            >
              {field.name === "country" ? (
                <CountryPicker
                  {...describedBy(id, message, field.hint)}
                  name={field.name}
                  value={values.country}
                  onChange={(code) => set("country", code)}
                />
              ) : (
                <TextInput
                  {...describedBy(id, message, field.hint)}
                  name={field.name}
                  value={values[field.name]}
                  onChange={(event) => set(field.name, event.target.value)}
                  autoComplete={field.autoComplete}
                  maxLength={field.maxLength}
                  required={field.required !== undefined}
                  data-autofocus={index === 0 ? "" : undefined}
                  type={field.name === "phone" ? "tel" : "text"}
                />
              )}
            </Field>
          );
        })}
      </div>
    </form>
  );
}
