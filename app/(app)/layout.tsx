import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { Providers } from "@/components/app/providers";
import { StaffProvider } from "@/components/app/staff-context";
import { OfflineSupport } from "@/components/offline/offline-support";
import { getStaffSession } from "@/lib/session/staff-session";

/** Every staff page needs a session; without one the visitor goes to sign-in and comes back after. */
export default async function StaffLayout({ children }: { children: ReactNode }) {
  const session = await getStaffSession();
  if (!session) {
    const path = (await headers()).get("x-backroom-path") ?? "/";
    redirect(`/sign-in?callbackUrl=${encodeURIComponent(path)}`);
  }
  return (
    <Providers>
      <StaffProvider value={session}>
        <OfflineSupport />
        {children}
      </StaffProvider>
    </Providers>
  );
}
