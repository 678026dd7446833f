"use server";

import { getDb } from "@/lib/db";
import { changeOwnPassword } from "@/lib/domain/password-links";
import { fieldErrors, newPasswordFormSchema, type PasswordFormState } from "@/lib/schemas/stores";
import { getStaffSession } from "@/lib/session/staff-session";

/**
 * Changes the signed-in member's password. Every session issued before ends; the form then signs this
 * browser in again with the new password, so the member stays where they are.
 */
export async function changePassword(
  _previous: PasswordFormState,
  form: FormData,
): Promise<PasswordFormState> {
  const session = await getStaffSession();
  if (!session) return { errors: { form: "Your session has ended: sign in again." } };
  const parsed = newPasswordFormSchema(session.user.email).safeParse({
    password: String(form.get("password") ?? ""),
    confirmPassword: String(form.get("confirmPassword") ?? ""),
  });
  if (!parsed.success) return { errors: fieldErrors(parsed.error) };
  const result = await changeOwnPassword(await getDb(), session.user.id, {
    currentPassword: String(form.get("currentPassword") ?? ""),
    newPassword: parsed.data.password,
  });
  if (result === "wrong-password")
    return { errors: { currentPassword: "This is not your current password." } };
  return { errors: {}, done: { email: session.user.email } };
}
