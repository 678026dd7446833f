import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { CurrentStoreProvider } from "@/components/app/staff-context";
import { AppShell } from "@/components/shell/app-shell";
import { getStaffSession } from "@/lib/session/staff-session";

/** A store the staff member does not belong to is a 404, as in the API (no hint that it exists). */
export default async function StoreLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ storeId: string }>;
}) {
  const [{ storeId }, session] = await Promise.all([params, getStaffSession()]);
  const store = session?.stores.find((candidate) => candidate.id === storeId);
  if (!store) notFound();
  return (
    <CurrentStoreProvider store={store}>
      <AppShell>{children}</AppShell>
    </CurrentStoreProvider>
  );
}
