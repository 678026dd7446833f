"use client";

import { signIn } from "next-auth/react";
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError, TextField } from "@/components/ui/field";
import { clearPersonalCaches } from "@/lib/client/offline-caches";

/**
 * next-auth's error codes (and our authorize() messages) as sentences a staff member can act on. The
 * throttle's answer, `TooManyAttempts:<minutes>`, is the same whether or not the e-mail has an account.
 */
function describeSignInError(code: string): string {
  const throttled = /^TooManyAttempts:(\d+)$/.exec(code);
  if (throttled) {
    const minutes = Number(throttled[1]);
    return `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}, or ask an admin for a set-password link.`;
  }
  switch (code) {
    case "CredentialsSignin":
      return "Wrong email or password.";
    case "SessionRequired":
      return "Please sign in to continue.";
    default:
      return "Sign-in failed. Please try again.";
  }
}

export function SignInForm({
  callbackPath,
  initialError,
  initialEmail = "",
}: {
  callbackPath: string;
  initialError: string | null;
  /** Pre-filled after first-run setup or a set-password link, so only the password is left to type. */
  initialEmail?: string;
}) {
  const [error, setError] = useState<string | null>(initialError ? describeSignInError(initialError) : null);
  const [pending, setPending] = useState(false);
  // Whoever was signed in before (a session that ran out without a sign-out) leaves no pages offline.
  useEffect(() => void clearPersonalCaches(), []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    try {
      const result = await signIn("credentials", {
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
        redirect: false,
      });
      if (!result || result.error) {
        setError(describeSignInError(result?.error ?? "Unknown"));
        setPending(false);
        return;
      }
      // A full navigation, so the server renders the signed-in layout with the new cookie.
      window.location.assign(callbackPath);
    } catch {
      setError("The server could not be reached. Check your connection and try again.");
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate={false}>
      <FormError message={error} />
      <TextField
        id="email"
        label="Email"
        type="email"
        autoComplete="username"
        defaultValue={initialEmail}
        required
        autoFocus={!initialEmail}
      />
      <TextField
        id="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        autoFocus={Boolean(initialEmail)}
      />
      <Button type="submit" variant="primary" className="w-full" pending={pending}>
        Sign in
      </Button>
    </form>
  );
}
