"use client";

import { useCurrentStore, useStaff } from "@/components/app/staff-context";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { Badge } from "@/components/ui/badge";

const ROLE_TONE = { admin: "indigo", editor: "blue", viewer: "gray" } as const;

export function UserMenu() {
  const { user } = useStaff();
  const store = useCurrentStore();

  return (
    <div className="flex items-center gap-3">
      <div className="hidden text-right sm:block">
        <p className="text-sm font-medium leading-tight text-slate-900">{user.name}</p>
        <p className="text-xs leading-tight text-slate-500">{user.email}</p>
      </div>
      <Badge tone={ROLE_TONE[store.role]}>{store.role}</Badge>
      <SignOutButton />
    </div>
  );
}
