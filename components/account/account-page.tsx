"use client";

import { startTransition, useActionState, useEffect, useRef, useState } from "react";
import { useCurrentStore, useStaff } from "@/components/app/staff-context";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormError, TextField } from "@/components/ui/field";
import { toast } from "@/lib/client/toast";
import type { PasswordFormState } from "@/lib/schemas/stores";
import { NotificationPreferencesCard } from "./notification-preferences-card";

/** The fields in the order they are shown: the first one with an error gets the focus. */
const FIELD_ORDER = ["currentPassword", "password", "confirmPassword"] as const;

/** The signed-in member's own account: who they are, changing their password, and their notifications. */
export function AccountPage({
  changePassword,
}: {
  changePassword: (previous: PasswordFormState, form: FormData) => Promise<PasswordFormState>;
}) {
  const { user } = useStaff();
  const store = useCurrentStore();
  const [state, action, pending] = useActionState(changePassword, { errors: {} });
  const [reconnecting, setReconnecting] = useState(false);
  const newPassword = useRef("");
  const form = useRef<HTMLFormElement>(null);
  const { errors } = state;

  // An error keeps what was typed (the form is submitted by hand, so React does not reset it) and goes
  // to its field: a wrong current password is cleared, being the one thing to type again.
  useEffect(() => {
    const fields = form.current?.elements;
    if (!fields) return;
    const wrong = FIELD_ORDER.find((name) => state.errors[name]);
    const field = wrong ? fields.namedItem(wrong) : null;
    if (!(field instanceof HTMLInputElement)) return;
    if (wrong === "currentPassword") field.value = "";
    field.focus();
  }, [state]);

  // The change ended every session, this one too: sign this browser in again with the new password.
  useEffect(() => {
    if (!state.done) return;
    setReconnecting(true);
    const credentials = { email: state.done.email, password: newPassword.current, redirect: false };
    // next-auth/react (~9 KB gzipped with its runtime helpers) is fetched here, when the password has
    // changed, rather than in the page's first load.
    void import("next-auth/react")
      .then(({ signIn }) => signIn("credentials", credentials))
      .then((result) => {
        if (result?.error) window.location.assign("/sign-in");
        else toast.success("Password changed", { description: "Your other sessions were signed out." });
      })
      .finally(() => setReconnecting(false));
  }, [state.done]);

  return (
    <>
      <PageHeader
        title="Your account"
        breadcrumbs={[{ label: store.name, href: `/stores/${store.id}` }, { label: "Your account" }]}
        description={`Signed in as ${user.name} (${user.email}).`}
      />
      <Card title="Change password" description="Signs you out everywhere else." className="max-w-xl">
        <form
          ref={form}
          // Kept for a submit before hydration (a POST, never a GET with the passwords in the URL); once
          // hydrated, onSubmit sends it without the reset React's form actions do.
          action={action}
          onSubmit={(event) => {
            event.preventDefault();
            const data = new FormData(event.currentTarget);
            newPassword.current = String(data.get("password") ?? "");
            startTransition(() => action(data));
          }}
          className="space-y-4"
          noValidate
        >
          <input type="hidden" name="username" autoComplete="username" value={user.email} />
          <FormError message={errors.form} />
          <TextField
            id="currentPassword"
            label="Current password"
            error={errors.currentPassword}
            type="password"
            autoComplete="current-password"
            required
          />
          <NewPasswordFields errors={errors} repeatLabel="Repeat the new password" />
          <Button type="submit" variant="primary" pending={pending || reconnecting}>
            Change password
          </Button>
        </form>
      </Card>
      <div className="mt-6">
        <NotificationPreferencesCard />
      </div>
    </>
  );
}
