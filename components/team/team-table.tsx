"use client";

import { KeyRound, Trash2 } from "lucide-react";
import { useNow } from "@/components/app/use-now";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CardTable } from "@/components/ui/card-table";
import { Select } from "@/components/ui/field";
import { RelativeTime } from "@/components/ui/relative-time";
import { Skeleton } from "@/components/ui/skeleton";
import type { StaffRole } from "@/lib/enums";
import type { StaffMember } from "@/lib/schemas/staff-members";
import { RoleOptions } from "./roles";

/**
 * The store's team by name: role as a select, status, last sign-in, and per-member actions.
 * `members` null: skeleton rows while they load.
 */
export function TeamTable({
  members,
  currentUserId,
  pendingRoleOf,
  draftRole,
  onRoleChange,
  onNewLink,
  onRemove,
}: {
  members: StaffMember[] | null;
  currentUserId: string;
  /** The member whose role change is under way, if any. */
  pendingRoleOf: string | null;
  /** A role chosen but not confirmed yet: its select shows it until the change is confirmed or cancelled. */
  draftRole: { memberId: string; role: StaffRole } | null;
  onRoleChange: (member: StaffMember, role: StaffRole) => void;
  onNewLink: (member: StaffMember) => void;
  onRemove: (member: StaffMember) => void;
}) {
  const now = useNow();
  return (
    <CardTable
      caption="Team of this store"
      rows={members}
      rowKey={(member) => member.id}
      minWidth="min-w-[40rem]"
      columns={[
        {
          header: "Member",
          className: "min-w-48",
          skeleton: (
            <>
              <Skeleton className="h-5 w-36" />
              <Skeleton className="mt-1 h-4 w-44" />
            </>
          ),
          cell: (member) => (
            <>
              <p className="font-medium text-slate-900">
                {member.name}
                {member.id === currentUserId ? (
                  <span className="ml-1.5 text-xs font-normal text-slate-500">(you)</span>
                ) : null}
              </p>
              <p className="break-all text-xs text-slate-500">{member.email}</p>
            </>
          ),
        },
        {
          header: "Role",
          skeleton: <Skeleton className="h-9 w-28" />,
          cell: (member) => (
            <Select
              aria-label={`Role of ${member.name}`}
              value={draftRole?.memberId === member.id ? draftRole.role : member.role}
              disabled={pendingRoleOf === member.id}
              onChange={(event) => onRoleChange(member, event.currentTarget.value as StaffRole)}
              className="w-28 min-w-28"
            >
              <RoleOptions />
            </Select>
          ),
        },
        {
          header: "Status",
          cell: (member) =>
            member.status === "invited" ? (
              <Badge tone="amber">Invited</Badge>
            ) : (
              <Badge tone="green">Active</Badge>
            ),
        },
        {
          header: "Last sign-in",
          className: "whitespace-nowrap text-slate-600",
          cell: (member) => <RelativeTime value={member.lastSignInAt} now={now} />,
        },
      ]}
      actions={(member) => (
        <div className="inline-flex gap-1">
          {member.status === "invited" ? (
            <Button size="sm" variant="ghost" onClick={() => onNewLink(member)}>
              <KeyRound className="size-4" aria-hidden="true" />
              New link<span className="sr-only"> for {member.name}</span>
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={() => onRemove(member)}>
            <Trash2 className="size-4" aria-hidden="true" />
            Remove<span className="sr-only"> {member.name}</span>
          </Button>
        </div>
      )}
    />
  );
}

const ignore = () => undefined;

/** The table's frame with skeleton rows, while the team loads. */
export function TeamTableSkeleton() {
  return (
    <TeamTable
      members={null}
      currentUserId=""
      pendingRoleOf={null}
      draftRole={null}
      onRoleChange={ignore}
      onNewLink={ignore}
      onRemove={ignore}
    />
  );
}
