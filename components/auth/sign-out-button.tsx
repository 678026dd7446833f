"use client";

import { LogOut } from "lucide-react";
import { useState } from "react";
import { useStaff } from "@/components/app/staff-context";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { formatNumber } from "@/lib/client/format";
import { useQueuedWrites } from "@/lib/client/hooks/offline-queue";
import { endStaffSession, SignOutRefusedError } from "@/lib/client/session";
import { toast } from "@/lib/client/toast";

export function SignOutButton() {
  const [pending, setPending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { user } = useStaff();
  // Writes this person made that are still on the device: they are sent only while this person is signed in.
  const unsent = useQueuedWrites().filter((write) => write.queuedBy.id === user.id).length;

  async function onSignOut() {
    setConfirming(false);
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
    <>
      <Button
        variant="ghost"
        size="sm"
        pending={pending}
        onClick={() => (unsent > 0 ? setConfirming(true) : void onSignOut())}
      >
        {pending ? null : <LogOut className="size-4" aria-hidden="true" />}
        {/* Icon only below 1024 px, so the store's name, the search and the waiting-to-send count keep the top
            bar's width; still named for everyone. */}
        <span className="max-lg:sr-only">Sign out</span>
      </Button>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`${formatNumber(unsent)} of your changes are not sent yet`}
        description="They stay on this device and are sent the next time you sign in here. Until then nobody else's sign-in sends them, and the server does not have them."
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(false)} data-autofocus>
              Stay signed in
            </Button>
            <Button variant="danger" onClick={() => void onSignOut()}>
              Sign out anyway
            </Button>
          </>
        }
      />
    </>
  );
}
