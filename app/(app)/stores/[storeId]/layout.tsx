import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { CurrentStoreProvider } from "@/components/app/staff-context";
import { LostAccessNotice } from "@/components/auth/lost-access-notice";
import { AppShell } from "@/components/shell/app-shell";
import { findStoreLostBySession, getStaffSession } from "@/lib/session/staff-session";

/**
 * A store the staff member does not belong to is a 404, as in the API (no hint that it exists), except for
 * someone removed from it, who is told so.
 */
export default async function StoreLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ storeId: string }>;
}) {
  const [{ storeId }, session] = await Promise.all([params, getStaffSession()]);
  const store = session?.stores.find((candidate) => candidate.id === storeId);
  if (!store) {
    const lost = await findStoreLostBySession(`/stores/${storeId}`);
    if (!lost) notFound();
    return (
      <main className="mx-auto max-w-lg px-4 py-16">
        <h1 className="mb-4 text-2xl font-semibold tracking-tight">No access to {lost.name}</h1>
        <LostAccessNotice storeName={lost.name}>
          <p className="mt-3">
            <Link href="/" className="font-medium text-indigo-800 underline hover:text-indigo-950">
              Go to your stores
            </Link>
          </p>
        </LostAccessNotice>
      </main>
    );
  }
  return (
    <CurrentStoreProvider store={store}>
      <AppShell>{children}</AppShell>
    </CurrentStoreProvider>
  );
}
