"use server";

import { redirect } from "next/navigation";
import { getDb } from "@/lib/db";
import { completeSetup, SetupTokenError } from "@/lib/domain/setup";
import { fieldErrors, type SetupFormState, setupFormSchema } from "@/lib/schemas/stores";

/**
 * The setup form's action. Server actions carry Next's same-origin check; the token is checked again
 * here (the page checked it too), inside the transaction that creates the store.
 */
export async function submitSetup(_previous: SetupFormState, form: FormData): Promise<SetupFormState> {
  const values = Object.fromEntries(
    ["token", "storeName", "currency", "timeZone", "email", "name"].map((key) => [
      key,
      String(form.get(key) ?? ""),
    ]),
  );
  const parsed = setupFormSchema.safeParse({
    ...values,
    password: String(form.get("password") ?? ""),
    confirmPassword: String(form.get("confirmPassword") ?? ""),
  });
  if (!parsed.success) return { errors: fieldErrors(parsed.error), values };
  const { storeName, currency, timeZone, email, name, password } = parsed.data;
  try {
    await completeSetup(await getDb(), {
      token: values.token ?? "",
      store: { name: storeName, currency, timeZone },
      admin: { email, name, password },
    });
  } catch (error) {
    if (error instanceof SetupTokenError) return { errors: { form: error.message }, values };
    throw error;
  }
  redirect(`/sign-in?setup=done&email=${encodeURIComponent(email)}`);
}
