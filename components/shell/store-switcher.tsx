"use client";

import { usePathname, useRouter } from "next/navigation";
import { useCurrentStore, useStaff } from "@/components/app/staff-context";

/**
 * Switches store and keeps the section: from /stores/A/returns/ret_x one lands on /stores/B/returns
 * (the record itself belongs to store A, so only the section carries over).
 */
export function StoreSwitcher() {
  const { stores } = useStaff();
  const current = useCurrentStore();
  const router = useRouter();
  const pathname = usePathname();
  if (stores.length < 2) {
    return <span className="truncate text-sm font-semibold text-slate-900">{current.name}</span>;
  }
  const section = pathname
    .split("/")
    .slice(3, pathname.includes("/settings/") ? 5 : 4)
    .join("/");

  return (
    <label className="flex min-w-0 flex-1 items-center gap-2 sm:flex-none">
      <span className="sr-only">Store</span>
      <select
        value={current.id}
        onChange={(event) => router.push(`/stores/${event.target.value}${section ? `/${section}` : ""}`)}
        className="h-9 w-full min-w-0 max-w-64 truncate rounded-md sm:w-auto border-0 bg-white py-1.5 pr-8 pl-3 text-sm font-semibold text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600"
      >
        {stores.map((store) => (
          <option key={store.id} value={store.id}>
            {store.name}
          </option>
        ))}
      </select>
    </label>
  );
}
