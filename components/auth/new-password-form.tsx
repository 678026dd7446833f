"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import type { PasswordFormState } from "@/lib/schemas/stores";
import { NewPasswordFields } from "./new-password-fields";

/** A new password, typed twice, for a set-password link (the action is passed down from the page). */
export function NewPasswordForm({
  action: submit,
  token,
  email,
}: {
  action: (previous: PasswordFormState, form: FormData) => Promise<PasswordFormState>;
  token: string;
  email: string;
}) {
  const [state, action, pending] = useActionState<PasswordFormState, FormData>(submit, { errors: {} });
  const { errors } = state;
  return (
    <form action={action} className="space-y-4" noValidate>
      <input type="hidden" name="token" value={token} />
      {/* For password managers: the account this password belongs to. */}
      <input type="hidden" name="username" autoComplete="username" value={email} />
      <FormError message={errors.form} />
      <NewPasswordFields errors={errors} autoFocus />
      <Button type="submit" variant="primary" className="w-full" pending={pending}>
        Set password
      </Button>
    </form>
  );
}
