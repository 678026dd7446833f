"use client";

import { LogOut } from "lucide-react";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";

export function SignOutButton() {
  const [pending, setPending] = useState(false);

  async function onSignOut() {
    setPending(true);
    try {
      // Not next-auth's own redirect: it builds an absolute URL from NEXTAUTH_URL (by default
      // http://localhost:3000), wrong on any other address. A path stays on the address in use.
      await signOut({ redirect: false });
      window.location.assign("/sign-in");
    } catch {
      setPending(false);
      toast.error("Could not sign out", { description: "The server could not be reached. Try again." });
    }
  }

  return (
    <Button variant="ghost" size="sm" pending={pending} onClick={() => void onSignOut()}>
      {pending ? null : <LogOut className="size-4" aria-hidden="true" />}
      Sign out
    </Button>
  );
}
