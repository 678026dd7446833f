import { ShieldOff } from "lucide-react";
import type { ReactNode } from "react";

/**
 * Why a removed team member cannot get into a store: shown on the sign-in page and in place of the store,
 * only to the person who was removed (their own session says who they are).
 */
export function LostAccessNotice({ storeName, children }: { storeName: string; children?: ReactNode }) {
  return (
    <div
      role="status"
      className="flex gap-3 rounded-md bg-amber-50 px-3 py-3 text-sm text-amber-950 ring-1 ring-amber-200"
    >
      <ShieldOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-medium">You no longer have access to {storeName}.</p>
        <p className="mt-1">
          An admin removed you from its team. If you still need it, ask an admin of {storeName} to add you
          again.
        </p>
        {children}
      </div>
    </div>
  );
}
