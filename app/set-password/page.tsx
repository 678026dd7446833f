import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { NewPasswordForm } from "@/components/auth/new-password-form";
import { getDb } from "@/lib/db";
import { findUserBySetPasswordToken } from "@/lib/domain/password-links";
import { submitNewPassword } from "./actions";

export const metadata: Metadata = { title: "Choose your password" };

/** Where a set-password link lands: the member chooses a password, then signs in. */
export default async function SetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string }>;
}) {
  await connection();
  const { token } = await searchParams;
  const user = typeof token === "string" ? await findUserBySetPasswordToken(await getDb(), token) : null;
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-indigo-600">Backroom</p>
          <h1 className="mt-2 text-2xl font-semibold tracking-tight">
            {user ? "Choose your password" : "This link does not work"}
          </h1>
          {user ? (
            <p className="mt-2 text-sm text-slate-600">
              Welcome, {user.name}. You will sign in as <strong className="font-medium">{user.email}</strong>.
            </p>
          ) : null}
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          {user && token ? (
            <NewPasswordForm action={submitNewPassword} token={token} email={user.email} />
          ) : (
            <div className="space-y-4 text-sm text-slate-700">
              <p>
                The link has expired (links work for 72 hours), was already used, or was copied incompletely.
                Ask an admin of your store for a new one.
              </p>
              <Link href="/sign-in" className="font-medium text-indigo-700 underline hover:text-indigo-900">
                Go to sign-in
              </Link>
            </div>
          )}
        </div>
      </div>
    </main>
  );
}
