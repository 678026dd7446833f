"use client";

import { UserPlus, Users } from "lucide-react";
import { useState } from "react";
import { AdminOnlyNotice } from "@/components/app/admin-only";
import { useCan, useCurrentStore, useStaff } from "@/components/app/staff-context";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/lib/client/api-client";
import {
  useChangeStaffRole,
  useNewSetPasswordLink,
  useRemoveStaffMember,
  useStaffMembers,
} from "@/lib/client/hooks/staff-members";
import type { StaffMember } from "@/lib/schemas/staff-members";
import { AddMemberDialog } from "./add-member-dialog";
import { LinkReveal } from "./link-reveal";
import { type RoleChange, RoleChangeDialog } from "./role-change-dialog";
import { TeamTable, TeamTableSkeleton } from "./team-table";

/** Settings -> Team: who works in this store and with which role. Admins only, as in the API. */
export function TeamPage({ storeId }: { storeId: string }) {
  const isAdmin = useCan("admin");
  const store = useCurrentStore();
  const [adding, setAdding] = useState(false);
  const addButton = (
    <Button variant="primary" onClick={() => setAdding(true)}>
      <UserPlus className="size-4" aria-hidden="true" />
      Add member
    </Button>
  );
  return (
    <>
      <PageHeader
        title="Team"
        breadcrumbs={[
          { label: store.name, href: `/stores/${store.id}` },
          { label: "Settings" },
          { label: "Team" },
        ]}
        description="Who works in this store and what they may do. Changes apply on their next click."
        actions={isAdmin ? addButton : null}
      />
      {isAdmin ? (
        <>
          <TeamList storeId={storeId} />
          <AddMemberDialog storeId={storeId} open={adding} onClose={() => setAdding(false)} />
        </>
      ) : (
        <AdminOnlyNotice title="Only admins manage the team">
          Ask an admin of {store.name} to add someone or to change a role.
        </AdminOnlyNotice>
      )}
    </>
  );
}

function TeamList({ storeId }: { storeId: string }) {
  const { user } = useStaff();
  const members = useStaffMembers(storeId);
  const changeRole = useChangeStaffRole(storeId);
  const remove = useRemoveStaffMember(storeId);
  const newLink = useNewSetPasswordLink(storeId);
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const [roleChange, setRoleChange] = useState<RoleChange | null>(null);
  const [linkFor, setLinkFor] = useState<{ member: StaffMember; url: string; expiresAt: string } | null>(
    null,
  );

  if (members.isPending) return <TeamTableSkeleton />;
  if (members.isError) {
    return (
      <Card>
        <ErrorState
          title="The team could not be loaded"
          message={errorMessage(members.error)}
          onRetry={() => void members.refetch()}
        />
      </Card>
    );
  }
  if (members.data.length === 0) {
    return (
      <Card>
        <EmptyState title="Nobody here yet" icon={<Users className="size-6" />}>
          Add the people who work in this store.
        </EmptyState>
      </Card>
    );
  }
  const closeRemove = () => {
    remove.reset();
    setRemoving(null);
  };
  return (
    <>
      <TeamTable
        members={members.data}
        currentUserId={user.id}
        pendingRoleOf={changeRole.isPending ? (changeRole.variables?.member.id ?? null) : null}
        draftRole={roleChange ? { memberId: roleChange.member.id, role: roleChange.role } : null}
        onRoleChange={(member, role) => {
          if (role !== member.role) setRoleChange({ member, role });
        }}
        onNewLink={(member) =>
          newLink.mutate(member, { onSuccess: (link) => setLinkFor({ member, ...link }) })
        }
        onRemove={setRemoving}
      />
      <RoleChangeDialog
        change={roleChange}
        isSelf={roleChange?.member.id === user.id}
        pending={changeRole.isPending}
        onCancel={() => setRoleChange(null)}
        onConfirm={() => {
          if (roleChange) changeRole.mutate(roleChange, { onSettled: () => setRoleChange(null) });
        }}
      />
      <Dialog
        open={removing !== null}
        onClose={closeRemove}
        title={removing ? `Remove ${removing.name} from this store?` : "Remove member?"}
        footer={
          <>
            <Button onClick={closeRemove}>Cancel</Button>
            <Button
              variant="danger"
              pending={remove.isPending}
              onClick={() => removing && remove.mutate(removing, { onSuccess: closeRemove })}
            >
              Remove
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700">
          {removing?.id === user.id
            ? "You will lose access to this store at once. "
            : "Their next click in this store is refused. "}
          Their comments and history stay. You can add them again later.
        </p>
      </Dialog>
      <Dialog
        open={linkFor !== null}
        onClose={() => setLinkFor(null)}
        size="lg"
        title={linkFor ? `New link for ${linkFor.member.name}` : "New link"}
        footer={
          <Button variant="primary" onClick={() => setLinkFor(null)}>
            Done
          </Button>
        }
      >
        {linkFor ? <LinkReveal name={linkFor.member.name} link={linkFor} /> : null}
      </Dialog>
    </>
  );
}
