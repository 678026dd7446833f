"use client";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { StaffRole } from "@/lib/enums";
import type { StaffMember } from "@/lib/schemas/staff-members";
import { ROLE_ABILITIES, roleName } from "./roles";

/** A role chosen in the team table, waiting for the admin to confirm it. */
export type RoleChange = { member: StaffMember; role: StaffRole };

/**
 * Asks before a role changes: a select is easy to move by accident (a scroll wheel, a stray key), and
 * the change applies on the member's next click.
 */
export function RoleChangeDialog({
  change,
  isSelf,
  pending,
  onConfirm,
  onCancel,
}: {
  change: RoleChange | null;
  isSelf: boolean;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const from = change?.member.role;
  const to = change?.role;
  return (
    <Dialog
      open={change !== null}
      onClose={() => {
        if (!pending) onCancel();
      }}
      title={change ? `Change ${change.member.name}'s role?` : "Change role?"}
      footer={
        <>
          <Button onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button variant="primary" pending={pending} onClick={onConfirm} data-autofocus>
            {to ? `Make ${isSelf ? "me" : "them"} ${to === "viewer" ? "a" : "an"} ${to}` : "Change role"}
          </Button>
        </>
      }
    >
      {change && from && to ? (
        <div className="space-y-2 text-sm text-slate-700">
          <p>
            <span className="font-medium text-slate-900">{change.member.name}</span> ({change.member.email})
            goes from <span className="font-medium text-slate-900">{roleName(from)}</span> to{" "}
            <span className="font-medium text-slate-900">{roleName(to)}</span>.
          </p>
          <p>
            {roleName(to)}: {ROLE_ABILITIES[to]}.{" "}
            {isSelf
              ? "This is your own role: it applies to you at once."
              : "It applies from their next click."}
          </p>
        </div>
      ) : null}
    </Dialog>
  );
}
