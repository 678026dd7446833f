"use client";

import { type FormEvent, useId } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, type DialogControl, FormDialogFooter, useOneTimeResult } from "@/components/ui/dialog";
import { FormError, SelectField, TextField } from "@/components/ui/field";
import { ApiError } from "@/lib/client/api-client";
import { isFormError, useAddStaffMember } from "@/lib/client/hooks/staff-members";
import type { StaffRole } from "@/lib/enums";
import type { StaffMember } from "@/lib/schemas/staff-members";
import { LinkReveal } from "./link-reveal";
import { ROLE_HELP, RoleOptions } from "./roles";

type Added = { staff_member: StaffMember; set_password: { url: string; expiresAt: string } | null };

/** Field errors of a 400 (`staff_member.email` -> email), and a 409 shown above the form. */
function formErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  if (error.status === 409) return { form: error.message };
  return Object.fromEntries(
    error.errors.map((issue) => [issue.path.split(".").at(-1) ?? "form", issue.message]),
  );
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
    const { staff_member: member, set_password: link } = added;
    return (
      <Dialog
        open={open}
        onClose={close}
        size="lg"
        title={link ? `Send ${member.name} their link` : `${member.name} was added`}
        footer={
          <Button variant="primary" onClick={close}>
            Done
          </Button>
        }
      >
        {link ? (
          <LinkReveal name={member.name} link={link} />
        ) : (
          <p className="text-sm text-slate-700">
            {member.email} already has a Backroom account (in another store), so they sign in with their own
            password and now see this store as {member.role === "admin" ? "an" : "a"} {member.role}.
          </p>
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
