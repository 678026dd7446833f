"use client";

import { LogOut } from "lucide-react";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { useCurrentStore, useStaff } from "@/components/app/staff-context";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";

const ROLE_TONE = { admin: "indigo", editor: "blue", viewer: "gray" } as const;

export function UserMenu() {
  const { user } = useStaff();
  const store = useCurrentStore();
  const [pending, setPending] = useState(false);

  return (
    <div className="flex items-center gap-3">
      <div className="hidden text-right sm:block">
        <p className="text-sm font-medium leading-tight text-slate-900">{user.name}</p>
        <p className="text-xs leading-tight text-slate-500">{user.email}</p>
      </div>
      <Badge tone={ROLE_TONE[store.role]}>{store.role}</Badge>
      <Button
        variant="ghost"
        size="sm"
        pending={pending}
        onClick={() => {
          setPending(true);
          void signOut({ callbackUrl: "/sign-in" });
        }}
      >
        {pending ? null : <LogOut className="size-4" aria-hidden="true" />}
        Sign out
      </Button>
    </div>
  );
}
