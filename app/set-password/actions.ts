"use server";

import { redirect } from "next/navigation";
import { getDb } from "@/lib/db";
import { findUserBySetPasswordToken, setPasswordWithToken } from "@/lib/domain/password-links";
import { fieldErrors, newPasswordFormSchema, type PasswordFormState } from "@/lib/schemas/stores";

const DEAD_LINK = "This link has expired or was already used. Ask an admin of your store for a new one.";

/** The set-password form's action (Next's same-origin check applies to server actions). */
export async function submitNewPassword(
  _previous: PasswordFormState,
  form: FormData,
): Promise<PasswordFormState> {
  const token = String(form.get("token") ?? "");
  const db = await getDb();
  const user = await findUserBySetPasswordToken(db, token);
  if (!user) return { errors: { form: DEAD_LINK } };
  const parsed = newPasswordFormSchema(user.email).safeParse({
    password: String(form.get("password") ?? ""),
    confirmPassword: String(form.get("confirmPassword") ?? ""),
  });
  if (!parsed.success) return { errors: fieldErrors(parsed.error) };
  const done = await setPasswordWithToken(db, token, parsed.data.password);
  if (!done) return { errors: { form: DEAD_LINK } };
  redirect(`/sign-in?password=set&email=${encodeURIComponent(done.email)}`);
}
