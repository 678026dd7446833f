"use client";

import { LogOut } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { endStaffSession, SignOutRefusedError } from "@/lib/client/session";
import { toast } from "@/lib/client/toast";

export function SignOutButton() {
  const [pending, setPending] = useState(false);

  async function onSignOut() {
    setPending(true);
    try {
      // Then a path, not next-auth's redirect: that is an absolute URL built from NEXTAUTH_URL (by
      // default http://localhost:3000), wrong on any other address.
      await endStaffSession();
      window.location.assign("/sign-in");
    } catch (error) {
      setPending(false);
      toast.error("Could not sign out", {
        description:
          error instanceof SignOutRefusedError
            ? error.message
            : "The server could not be reached. Try again.",
      });
    }
  }

  return (
    <Button variant="ghost" size="sm" pending={pending} onClick={() => void onSignOut()}>
      {pending ? null : <LogOut className="size-4" aria-hidden="true" />}
      {/* Icon only on a phone, so the store's name keeps the top bar's width; still named for everyone. */}
      <span className="max-sm:sr-only">Sign out</span>
    </Button>
  );
}
