"use client";

import { useActionState, useEffect, useState } from "react";
import { StoreFields } from "@/components/app/store-fields";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormError, TextField } from "@/components/ui/field";
import type { SetupFormState } from "@/lib/schemas/stores";

/**
 * The first-run form: the store (name, currency, time zone) and its first admin. The time zone starts at
 * the browser's own; values survive a failed submit (the action echoes them back, except passwords).
 */
export function SetupForm({
  action: submit,
  token,
  currencies,
  timeZones,
}: {
  /** The server action (app/setup/actions.ts), passed down so components never import app/. */
  action: (previous: SetupFormState, form: FormData) => Promise<SetupFormState>;
  token: string;
  currencies: string[];
  timeZones: string[];
}) {
  const [state, action, pending] = useActionState<SetupFormState, FormData>(submit, {
    errors: {},
    values: {},
  });
  const { errors, values } = state;
  const [browserZone, setBrowserZone] = useState("UTC");
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && timeZones.includes(zone)) setBrowserZone(zone);
  }, [timeZones]);

  return (
    <form action={action} className="space-y-6" noValidate>
      <input type="hidden" name="token" value={token} />
      <FormError message={errors.form} />
      <Card title="Your store" description="Shown across the app; you can change all of it later.">
        <div className="space-y-4">
          <StoreFields
            values={{
              name: values.storeName,
              currency: values.currency || "USD",
              timeZone: values.timeZone || browserZone,
            }}
            errors={{ name: errors.storeName, currency: errors.currency, timeZone: errors.timeZone }}
            hints={{ timeZone: "Dates in the app are shown in this zone." }}
            currencies={currencies}
            timeZones={timeZones}
            autoFocus
          />
        </div>
      </Card>
      <Card
        title="Your admin account"
        description="You sign in with it; admins manage settings and the team."
      >
        <div className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="name"
              label="Your name"
              error={errors.name}
              defaultValue={values.name}
              autoComplete="name"
              required
            />
            <TextField
              id="email"
              label="Email"
              error={errors.email}
              type="email"
              defaultValue={values.email}
              autoComplete="username"
              required
            />
          </div>
          <NewPasswordFields errors={errors} label="Password" side />
        </div>
      </Card>
      <Button type="submit" variant="primary" className="w-full" pending={pending}>
        Create store and admin
      </Button>
    </form>
  );
}
