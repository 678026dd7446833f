"use client";

import { UserRound } from "lucide-react";
import Link from "next/link";
import { useCurrentStore, useStaff } from "@/components/app/staff-context";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { Badge } from "@/components/ui/badge";

const ROLE_TONE = { admin: "indigo", editor: "blue", viewer: "gray" } as const;

export function UserMenu() {
  const { user } = useStaff();
  const store = useCurrentStore();

  return (
    <div className="flex items-center gap-2 sm:gap-3">
      <div className="hidden text-right lg:block">
        <p className="text-sm font-medium leading-tight text-slate-900">{user.name}</p>
        <p className="text-xs leading-tight text-slate-500">{user.email}</p>
      </div>
      <Badge tone={ROLE_TONE[store.role]}>{store.role}</Badge>
      <Link
        href={`/stores/${store.id}/account`}
        className="inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        title="Your account"
      >
        <UserRound className="size-4" aria-hidden="true" />
        <span className="sr-only">Your account</span>
      </Link>
      <SignOutButton />
    </div>
  );
}
