"use client";

import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, type DialogControl, FormDialogFooter, useOneTimeResult } from "@/components/ui/dialog";
import { describedBy, Field, TextInput } from "@/components/ui/field";
import { isFieldError, useCreateApiSecret } from "@/lib/client/hooks/api-secrets";
import {
  API_SECRET_NAME_MAX_LENGTH,
  type CreatedApiSecretResponse,
  createApiSecretRequestSchema,
} from "@/lib/schemas/api-secrets";
import { SecretReveal } from "./secret-reveal";

/**
 * Create a secret in two steps in one dialog: the name, then the secret itself, which the API returns only
 * in this one response. Closing the dialog forgets it.
 */
export function CreateApiSecretDialog({
  storeId,
  open,
  onClose,
}: {
  storeId: string;
} & DialogControl) {
  const formId = useId();
  const create = useCreateApiSecret(storeId);
  const {
    result: created,
    setResult: setCreated,
    close,
  } = useOneTimeResult<CreatedApiSecretResponse>(create, onClose);

  // Escape and the close button do not lose the secret silently: they ask whether it was copied first (a
  // click outside never closes a modal <dialog>). "I have copied it" closes. The same Dialog element stays
  // for both steps, so the browser keeps the modal open and the focus where SecretReveal puts it.
  const [asking, setAsking] = useState(false);
  const question = useRef<HTMLDivElement>(null);
  // The question replaces the footer: the keyboard goes with it.
  useEffect(() => {
    if (asking) question.current?.querySelector("button")?.focus();
  }, [asking]);
  const closeRevealed = () => {
    setAsking(false);
    close();
  };

  if (created) {
    const copied = (
      <Button variant="primary" onClick={closeRevealed}>
        I have copied it
      </Button>
    );
    return (
      <Dialog
        open={open}
        onClose={() => setAsking(true)}
        size="lg"
        title="Copy your new API secret"
        description={
          <>
            Secret <span className="font-medium text-slate-900">{created.api_secret.name}</span> is ready to
            use.
          </>
        }
        footer={
          asking ? (
            <div ref={question} className="flex w-full flex-wrap items-center justify-end gap-2">
              <p role="alert" className="mr-auto text-sm font-medium text-amber-900">
                Closing hides the secret for good. Have you copied it?
              </p>
              <Button onClick={() => setAsking(false)}>Back to the secret</Button>
              {copied}
            </div>
          ) : (
            copied
          )
        }
      >
        <SecretReveal storeId={storeId} secret={created.secret} />
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Create API secret"
      description="The secret can call the API as an admin of this store, except managing API secrets."
      footer={
        <FormDialogFooter formId={formId} pending={create.isPending} onCancel={close} holdCancel>
          Create secret
        </FormDialogFooter>
      }
    >
      <NameForm
        formId={formId}
        pending={create.isPending}
        submit={async (name) => setCreated(await create.mutateAsync({ name }))}
      />
    </Dialog>
  );
}

function NameForm({
  formId,
  pending,
  submit,
}: {
  formId: string;
  pending: boolean;
  submit: (name: string) => Promise<void>;
}) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const fieldId = `${formId}-name`;
  const hint = `What it is for, so you can tell secrets apart later (up to ${API_SECRET_NAME_MAX_LENGTH} characters), e.g. “ERP” or “Warehouse scanner”.`;

  // TextInput takes no ref; the id is the form's own.
  const focusField = () => document.getElementById(fieldId)?.focus();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    // The API's own request schema, so the form refuses exactly what the API would.
    const parsed = createApiSecretRequestSchema.safeParse({ api_secret: { name } });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Enter a name.");
      focusField();
      return;
    }
    setError(null);
    try {
      await submit(parsed.data.api_secret.name);
    } catch (failure) {
      // Field problems from the server go beside the field; anything else was toasted by the mutation.
      if (isFieldError(failure)) {
        setError(failure.errors.map((issue) => issue.message).join(" "));
        focusField();
      }
    }
  };

  return (
    <form id={formId} noValidate onSubmit={onSubmit} aria-busy={pending || undefined}>
      <Field id={fieldId} label="Name" hint={hint} error={error}>
        <TextInput
          {...describedBy(fieldId, error, hint)}
          name="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoComplete="off"
          required
          autoFocus
          readOnly={pending}
        />
      </Field>
    </form>
  );
}
