"use client";

import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useCan } from "@/components/app/staff-context";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/states";

/** What a non-admin sees instead of an admin page (the API would answer them 403). */
export function AdminOnlyNotice({
  title = "Only admins manage webhooks",
  children = "Webhooks hold this store's secrets. Ask an admin of this store to set up or change them.",
}: {
  title?: string;
  children?: ReactNode;
}) {
  return (
    <Card>
      <EmptyState title={title} icon={<ShieldAlert className="size-6" />}>
        {children}
      </EmptyState>
    </Card>
  );
}

/** Renders `children` for admins of the current store, `fallback` (by default the notice) for others. */
export function AdminOnly({
  children,
  fallback = <AdminOnlyNotice />,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useCan("admin") ? children : fallback;
}
