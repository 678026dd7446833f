"use client";

import { KeyRound, Trash2 } from "lucide-react";
import { useNow } from "@/components/app/use-now";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/field";
import { RelativeTime } from "@/components/ui/relative-time";
import { Skeleton } from "@/components/ui/skeleton";
import { STAFF_ROLES, type StaffRole } from "@/lib/enums";
import type { StaffMember } from "@/lib/schemas/staff-members";

const PAD = "px-2 lg:px-4";
const HEAD = `${PAD} whitespace-nowrap py-2.5 text-left text-xs font-medium uppercase tracking-wide text-slate-500`;
const CELL = `${PAD} py-3 align-middle`;
const COLUMNS = ["Member", "Role", "Status", "Last sign-in"] as const;

function TableHead() {
  return (
    <thead className="bg-slate-50">
      <tr>
        {COLUMNS.map((column) => (
          <th key={column} scope="col" className={HEAD}>
            {column}
          </th>
        ))}
        <th scope="col" className={HEAD}>
          <span className="sr-only">Actions</span>
        </th>
      </tr>
    </thead>
  );
}

/** The store's team by name: role as a select, status, last sign-in, and per-member actions. */
export function TeamTable({
  members,
  currentUserId,
  pendingRoleOf,
  onRoleChange,
  onNewLink,
  onRemove,
}: {
  members: StaffMember[];
  currentUserId: string;
  /** The member whose role change is under way, if any. */
  pendingRoleOf: string | null;
  onRoleChange: (member: StaffMember, role: StaffRole) => void;
  onNewLink: (member: StaffMember) => void;
  onRemove: (member: StaffMember) => void;
}) {
  const now = useNow();
  return (
    <Card bodyClassName="relative overflow-x-auto">
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">Team of this store</caption>
        <TableHead />
        <tbody className="divide-y divide-slate-200">
          {members.map((member) => {
            const isYou = member.id === currentUserId;
            return (
              <tr key={member.id} className="text-slate-800">
                <td className={`${CELL} min-w-48`}>
                  <p className="font-medium text-slate-900">
                    {member.name}
                    {isYou ? <span className="ml-1.5 text-xs font-normal text-slate-500">(you)</span> : null}
                  </p>
                  <p className="break-all text-xs text-slate-500">{member.email}</p>
                </td>
                <td className={CELL}>
                  <Select
                    aria-label={`Role of ${member.name}`}
                    value={member.role}
                    disabled={pendingRoleOf === member.id}
                    onChange={(event) => onRoleChange(member, event.currentTarget.value as StaffRole)}
                    className="w-28 min-w-28"
                  >
                    {STAFF_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {role[0]?.toUpperCase()}
                        {role.slice(1)}
                      </option>
                    ))}
                  </Select>
                </td>
                <td className={CELL}>
                  {member.status === "invited" ? (
                    <Badge tone="amber">Invited</Badge>
                  ) : (
                    <Badge tone="green">Active</Badge>
                  )}
                </td>
                <td className={`${CELL} whitespace-nowrap text-slate-600`}>
                  <RelativeTime value={member.lastSignInAt} now={now} />
                </td>
                <td className={`${CELL} whitespace-nowrap text-right`}>
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
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}

export function TeamTableSkeleton() {
  return (
    <Card bodyClassName="space-y-3 p-4">
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} className="h-10 w-full" />
      ))}
    </Card>
  );
}
