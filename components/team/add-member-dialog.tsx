"use client";

import { type FormEvent, useId } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, type DialogControl, FormDialogFooter, useOneTimeResult } from "@/components/ui/dialog";
import { FormError, SelectField, TextField } from "@/components/ui/field";
import { ApiError } from "@/lib/client/api-client";
import { isFormError, useAddStaffMember } from "@/lib/client/hooks/staff-members";
import type { StaffRole } from "@/lib/enums";
import type { AddedStaffMemberResponse as Added, StaffMember } from "@/lib/schemas/staff-members";
import { LinkReveal } from "./link-reveal";
import { ROLE_HELP, RoleOptions } from "./roles";

/** Field errors of a 400 (`staff_member.email` -> email), and a 409 shown above the form. */
function formErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  if (error.status === 409) return { form: error.message };
  return Object.fromEntries(
    error.errors.map((issue) => [issue.path.split(".").at(-1) ?? "form", issue.message]),
  );
}

const article = (role: StaffRole) => (role === "admin" ? "an" : "a");

/** What happened when someone with an account was added: no link, they sign in as they did before. */
function addedWithoutLink(member: StaffMember, restored: boolean): string {
  const as = `${article(member.role)} ${member.role}`;
  if (member.status === "invited") {
    return `${member.email} has an account that still waits for its first password (another store's admin holds their link). Once they choose it, they see this store as ${as}.`;
  }
  return restored
    ? `${member.email} was a member of this store before: their membership is back, as ${as}. They sign in with the password they already have.`
    : `${member.email} already has a Backroom account, so they sign in with their own password and now see this store as ${as}.`;
}

/** Add a member in one dialog: email, name and role; then, for a new person, their set-password link. */
export function AddMemberDialog({
  storeId,
  open,
  onClose,
}: {
  storeId: string;
} & DialogControl) {
  const formId = useId();
  const add = useAddStaffMember(storeId);
  const { result: added, setResult: setAdded, close } = useOneTimeResult<Added>(add, onClose);
  const errors = isFormError(add.error) ? formErrors(add.error) : {};

  if (added) {
    const { staff_member: member, account, set_password: link } = added;
    const restored = account === "restored";
    return (
      <Dialog
        open={open}
        onClose={close}
        size="lg"
        title={
          link
            ? `Send ${member.name} ${restored ? "a new link" : "their link"}`
            : `${member.name} was ${restored ? "added back" : "added"}`
        }
        footer={
          <Button variant="primary" onClick={close}>
            Done
          </Button>
        }
      >
        {link ? (
          <div className="space-y-4">
            {restored ? (
              <p className="text-sm text-slate-700">
                {member.email} was a member of this store before and never chose a password: their membership
                is back, as {article(member.role)} {member.role}, with a new link.
              </p>
            ) : null}
            <LinkReveal name={member.name} link={link} />
          </div>
        ) : (
          <p className="text-sm text-slate-700">{addedWithoutLink(member, restored)}</p>
        )}
      </Dialog>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    add.mutate(
      {
        email: String(form.get("email") ?? ""),
        name: String(form.get("name") ?? ""),
        role: String(form.get("role") ?? "viewer") as StaffRole,
      },
      { onSuccess: setAdded },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Add a team member"
      description="They get a one-time link to choose their password."
      footer={
        <FormDialogFooter formId={formId} pending={add.isPending} onCancel={close}>
          Add member
        </FormDialogFooter>
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-4" noValidate>
        <FormError message={errors.form} />
        <TextField
          id="member-email"
          label="Email"
          error={errors.email}
          name="email"
          type="email"
          required
          autoFocus
        />
        <TextField id="member-name" label="Name" error={errors.name} name="name" required />
        <SelectField
          id="member-role"
          label="Role"
          error={errors.role}
          hint={ROLE_HELP}
          name="role"
          defaultValue="viewer"
        >
          <RoleOptions />
        </SelectField>
      </form>
    </Dialog>
  );
}
