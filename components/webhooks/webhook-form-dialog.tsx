"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Dialog, FormDialogFooter } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/field";
import { ApiError } from "@/lib/client/api-client";
import { useCreateWebhook, useUpdateWebhook } from "@/lib/client/hooks/webhooks";
import type { Webhook } from "@/lib/schemas/webhooks";
import { WebhookFormFields } from "./webhook-form-fields";
import {
  errorsFromIssues,
  initialFormValues,
  toCreateInput,
  toUpdateInput,
  validateWebhookForm,
  type WebhookFormErrors,
  type WebhookFormValues,
} from "./webhook-form-model";

type Props = { storeId: string; open: boolean; onClose: () => void } & (
  | { mode: "create"; webhook?: undefined }
  | { mode: "edit"; webhook: Webhook }
);

/** Create or edit a webhook in a dialog. After a create, the new webhook's page opens. */
export function WebhookFormDialog(props: Props) {
  const { open, onClose, mode, storeId, webhook } = props;
  const formId = useId();
  const router = useRouter();
  const create = useCreateWebhook(storeId);
  const update = useUpdateWebhook(storeId, webhook?.id ?? "");
  const pending = mode === "create" ? create.isPending : update.isPending;

  const save = async (values: WebhookFormValues) => {
    if (mode === "create") {
      const { webhook: saved } = await create.mutateAsync(toCreateInput(values));
      onClose();
      router.push(`/stores/${storeId}/settings/webhooks/${saved.id}`);
    } else {
      await update.mutateAsync(toUpdateInput(values));
      onClose();
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={mode === "create" ? "New webhook" : "Edit webhook"}
      description={
        mode === "create"
          ? "Backroom POSTs a signed JSON event to this URL whenever something of the chosen topic is created or changes."
          : "Changes apply to deliveries attempted from now on."
      }
      footer={
        <FormDialogFooter formId={formId} pending={pending} onCancel={onClose}>
          {mode === "create" ? "Create webhook" : "Save changes"}
        </FormDialogFooter>
      }
    >
      <WebhookForm formId={formId} mode={mode} webhook={webhook} pending={pending} save={save} />
    </Dialog>
  );
}

function WebhookForm({
  formId,
  mode,
  webhook,
  pending,
  save,
}: {
  formId: string;
  mode: "create" | "edit";
  webhook?: Webhook;
  pending: boolean;
  save: (values: WebhookFormValues) => Promise<void>;
}) {
  const [values, setValues] = useState<WebhookFormValues>(() => initialFormValues(webhook));
  const [errors, setErrors] = useState<WebhookFormErrors>({});
  const [failures, setFailures] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // Move focus to the first field with an error after each failed submit.
  useEffect(() => {
    if (failures === 0) return;
    formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [failures]);

  const fail = (next: WebhookFormErrors) => {
    setErrors(next);
    setFailures((count) => count + 1);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const invalid = validateWebhookForm(values, mode);
    if (invalid) return fail(invalid);
    setErrors({});
    try {
      await save(values);
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0) fail(errorsFromIssues(error.errors));
      else if (error instanceof ApiError && error.code === "webhook/external-id-conflict") {
        fail({ externalId: error.detail });
      }
      // Anything else was toasted by the mutation; the input stays as typed.
    }
  };

  return (
    <form ref={formRef} id={formId} noValidate onSubmit={onSubmit} aria-busy={pending || undefined}>
      <FormError message={errors.form} className="mb-4" />
      <fieldset disabled={pending} className="min-w-0">
        <WebhookFormFields
          idPrefix={formId}
          mode={mode}
          webhook={webhook}
          values={values}
          errors={errors}
          onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
        />
      </fieldset>
    </form>
  );
}
