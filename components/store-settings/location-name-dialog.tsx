"use client";

import { type FormEvent, useId } from "react";
import { Dialog, FormDialogFooter } from "@/components/ui/dialog";
import { describedBy, Field, TextInput } from "@/components/ui/field";
import { ApiError } from "@/lib/client/api-client";
import { isLocationFormError } from "@/lib/client/hooks/locations";

/** The message for the name field: a 400 about `location.name` or a 409 (the name is taken). */
function nameError(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !isLocationFormError(error)) return undefined;
  return error.errors[0]?.message ?? error.message;
}

/** One dialog to name a location: a new one ("Add location") or an existing one ("Rename"). */
export function LocationNameDialog({
  open,
  title,
  submitLabel,
  initialName = "",
  pending,
  error,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  submitLabel: string;
  initialName?: string;
  pending: boolean;
  error: unknown;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const message = nameError(error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A second submit while the first is under way would send the name twice (seen once in CI: 201, then a
    // 409 for the name the first had just taken, shown as the dialog's error).
    if (pending) return;
    onSubmit(String(new FormData(event.currentTarget).get("name") ?? ""));
  };
  return (
    <Dialog
      open={open}
      onClose={() => (pending ? undefined : onClose())}
      title={title}
      description="Staff pick it when receiving and restocking; names are unique in the store."
      footer={
        <FormDialogFooter formId={formId} pending={pending} onCancel={onClose} holdCancel>
          {submitLabel}
        </FormDialogFooter>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Field id="location-name" label="Name" error={message}>
          <TextInput
            {...describedBy("location-name", message)}
            name="name"
            defaultValue={initialName}
            key={`${open}-${initialName}`}
            required
            maxLength={100}
            autoFocus
            placeholder="e.g. Reno returns hub"
          />
        </Field>
      </form>
    </Dialog>
  );
}
