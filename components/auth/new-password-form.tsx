"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field, TextInput } from "@/components/ui/field";
import type { PasswordFormState } from "@/lib/schemas/stores";

const PASSWORD_HINT = "At least 12 characters. A few unrelated words make a strong one.";

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
      {errors.form ? (
        <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
          {errors.form}
        </div>
      ) : null}
      <Field id="password" label="New password" error={errors.password} hint={PASSWORD_HINT}>
        <TextInput
          {...describedBy("password", errors.password, PASSWORD_HINT)}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          autoFocus
        />
      </Field>
      <Field id="confirmPassword" label="Repeat the password" error={errors.confirmPassword}>
        <TextInput
          {...describedBy("confirmPassword", errors.confirmPassword)}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
        />
      </Field>
      <Button type="submit" variant="primary" className="w-full" pending={pending}>
        Set password
      </Button>
    </form>
  );
}
