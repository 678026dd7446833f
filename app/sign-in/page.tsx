import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { LostAccessNotice } from "@/components/auth/lost-access-notice";
import { SignInForm } from "@/components/auth/sign-in-form";
import { safeCallbackPath } from "@/lib/auth/callback-path";
import { getDb } from "@/lib/db";
import { demoSignInHint } from "@/lib/demo/welcome";
import { findStoreLostBySession, getStaffSession } from "@/lib/session/staff-session";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{
    callbackUrl?: string;
    error?: string;
    setup?: string;
    password?: string;
    email?: string;
  }>;
}) {
  await connection();
  const { callbackUrl, error, setup, password, email } = await searchParams;
  const notice =
    setup === "done"
      ? "Your store is ready. Sign in with the account you just created."
      : password === "set"
        ? "Your password is set. Sign in to start."
        : null;
  const target = safeCallbackPath(callbackUrl);
  if (await getStaffSession()) redirect(target);
  const [lost, hint] = await Promise.all([findStoreLostBySession(target), getDb().then(demoSignInHint)]);

  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-indigo-600">Backroom</p>
          <h1 className="mt-2 text-2xl font-semibold tracking-tight">Sign in to your back office</h1>
        </div>
        {notice ? (
          <p
            role="status"
            className="mb-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-200"
          >
            {notice}
          </p>
        ) : null}
        {lost ? (
          <div className="mb-4">
            <LostAccessNotice storeName={lost.name} />
          </div>
        ) : null}
        <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <SignInForm
            // Back to that store would only repeat the notice: their own stores instead.
            callbackPath={lost ? "/" : target}
            initialError={error ?? null}
            initialEmail={typeof email === "string" ? email.slice(0, 320) : ""}
          />
        </div>
        {hint ? (
          <aside className="mt-6 rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
            <h2 className="font-medium text-slate-800">Demo accounts</h2>
            <p className="mt-1">
              Password <code className="rounded bg-slate-100 px-1">{hint.password}</code> for
            </p>
            <ul className="mt-1 space-y-0.5">
              {hint.accounts.map((account) => (
                <li key={account.email}>
                  <code className="rounded bg-slate-100 px-1">{account.email}</code> ({account.role})
                </li>
              ))}
            </ul>
          </aside>
        ) : null}
      </div>
    </main>
  );
}
