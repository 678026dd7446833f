"use client";

import { createContext, type ReactNode, useContext } from "react";

import { type Access, roleAllows, type StaffRole } from "@/lib/enums";

export type { Access, StaffRole };
export { roleAllows };
export type StaffStoreSummary = {
  id: string;
  name: string;
  currency: string;
  /** IANA zone the store's dates are shown in (Settings -> Store). */
  timeZone: string;
  role: StaffRole;
};
export type StaffUserSummary = { id: string; email: string; name: string };

type StaffContextValue = { user: StaffUserSummary; stores: StaffStoreSummary[] };

const StaffContext = createContext<StaffContextValue | null>(null);
const CurrentStoreContext = createContext<StaffStoreSummary | null>(null);

export function StaffProvider({ value, children }: { value: StaffContextValue; children: ReactNode }) {
  return <StaffContext.Provider value={value}>{children}</StaffContext.Provider>;
}

export function CurrentStoreProvider({ store, children }: { store: StaffStoreSummary; children: ReactNode }) {
  return <CurrentStoreContext.Provider value={store}>{children}</CurrentStoreContext.Provider>;
}

/** The signed-in staff member and their stores. */
export function useStaff(): StaffContextValue {
  const value = useContext(StaffContext);
  if (!value) throw new Error("useStaff needs <StaffProvider>");
  return value;
}

/** The store the page is about, with the staff member's role in it. */
export function useCurrentStore(): StaffStoreSummary {
  const store = useContext(CurrentStoreContext);
  if (!store) throw new Error("useCurrentStore needs <CurrentStoreProvider>");
  return store;
}

/** Whether the staff member may do `access` in the current store (a viewer sees no edit controls). */
export function useCan(access: Access): boolean {
  return roleAllows(useCurrentStore().role, access);
}

/** The zone the current store's dates are shown in; UTC outside a store (sign-in, the store picker). */
export function useStoreTimeZone(): string {
  return useContext(CurrentStoreContext)?.timeZone ?? "UTC";
}
