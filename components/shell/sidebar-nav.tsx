"use client";

import {
  ArrowLeftRight,
  Bell,
  BellRing,
  BookOpen,
  Boxes,
  ClipboardCheck,
  Factory,
  FileWarning,
  KeyRound,
  LayoutDashboard,
  type LucideIcon,
  PackageOpen,
  Store,
  Truck,
  Users,
  Webhook,
} from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { roleAllows, useCurrentStore } from "@/components/app/staff-context";

/** `exact`: active only on its own path (the store's home is the prefix of every page). */
type NavItem = { href: string; label: string; icon: LucideIcon; exact?: boolean };

function navFor(storeId: string, isAdmin: boolean): { label?: string; items: NavItem[] }[] {
  const base = `/stores/${storeId}`;
  const sections: { label?: string; items: NavItem[] }[] = [
    {
      items: [
        { href: base, label: "Overview", icon: LayoutDashboard, exact: true },
        { href: `${base}/returns`, label: "Returns", icon: PackageOpen },
        { href: `${base}/shipments`, label: "Inbound shipments", icon: Truck },
        { href: `${base}/transfers`, label: "Transfers", icon: ArrowLeftRight },
        { href: `${base}/supplier-claims`, label: "Supplier claims", icon: FileWarning },
        { href: `${base}/inventory`, label: "Inventory", icon: Boxes },
        { href: `${base}/counts`, label: "Counts", icon: ClipboardCheck },
      ],
    },
  ];
  // Every role may read the store's locations (Store, read-only below admin); the other settings need the
  // admin role in the API, where other roles would only meet a 403.
  sections.push({
    label: "Settings",
    items: [
      { href: `${base}/settings/store`, label: "Store", icon: Store },
      { href: `${base}/settings/suppliers`, label: "Suppliers", icon: Factory },
      // Every member has alerts of their own and reads the built-ins; admins change those.
      { href: `${base}/settings/alerts`, label: "Alerts", icon: BellRing },
      ...(isAdmin
        ? [
            { href: `${base}/settings/webhooks`, label: "Webhooks", icon: Webhook },
            { href: `${base}/settings/api-secrets`, label: "API secrets", icon: KeyRound },
            { href: `${base}/settings/team`, label: "Team", icon: Users },
            { href: `${base}/settings/notifications`, label: "Notifications", icon: Bell },
          ]
        : []),
    ],
  });
  sections.push({
    label: "Developers",
    items: [{ href: "/docs/api", label: "API reference", icon: BookOpen }],
  });
  return sections;
}

/** `labelled`: names always shown (the phone drawer); otherwise icons only below 1024 px. */
export function SidebarNav({ labelled = false }: { labelled?: boolean }) {
  const store = useCurrentStore();
  const pathname = usePathname();
  const sections = navFor(store.id, roleAllows(store.role, "admin"));

  return (
    <nav
      aria-label="Main"
      className={`flex flex-1 flex-col gap-6 py-4 ${labelled ? "px-3" : "px-2 lg:px-3"}`}
    >
      {sections.map((section, index) => (
        <div key={section.label ?? index}>
          {section.label ? (
            <p
              className={`mb-1 px-2 text-xs font-semibold uppercase tracking-wider text-slate-400 ${labelled ? "" : "hidden lg:block"}`}
            >
              {section.label}
            </p>
          ) : null}
          <ul className="space-y-0.5">
            {section.items.map((item) => {
              const active = pathname === item.href || (!item.exact && pathname.startsWith(`${item.href}/`));
              const Icon = item.icon;
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    title={item.label}
                    aria-current={active ? "page" : undefined}
                    className={`flex items-center gap-3 rounded-md px-2 py-2 text-sm font-medium ${labelled ? "" : "justify-center lg:justify-start"} ${
                      active
                        ? "bg-slate-800 text-white"
                        : "text-slate-300 hover:bg-slate-800/60 hover:text-white"
                    } focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-400`}
                  >
                    <Icon className="size-4 shrink-0" aria-hidden="true" />
                    <span className={labelled ? undefined : "sr-only lg:not-sr-only"}>{item.label}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
