import type { ReactNode } from "react";
import { QueuedWritesIndicator } from "@/components/offline/queued-writes-indicator";
import { BrandLink } from "./brand-link";
import { CodeSearch } from "./code-search";
import { MobileNav } from "./mobile-nav";
import { SidebarNav } from "./sidebar-nav";
import { StoreSwitcher } from "./store-switcher";
import { UserMenu } from "./user-menu";

/**
 * The frame of every store page: a dark sidebar (icons only below 1024 px, so tablets keep the width for
 * tables; below 640 px a drawer behind the top bar's menu button, so a phone keeps its width), a top bar with the store switcher, the code search and the user, and the page. Heights are fixed so nothing
 * moves when data arrives.
 */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {/* The aside stretches with the page (its colour reaches the bottom of a long page); its content
          stays in view. */}
      <aside className="hidden w-16 shrink-0 bg-slate-900 sm:block lg:w-60">
        <div className="sticky top-0 flex h-screen flex-col">
          <BrandLink />
          <SidebarNav />
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        {/* Below 640 px (a phone at the dock) the code search takes a row of its own under the store and the
            user, rather than squeezing the three into one row where they overlap; that taller bar scrolls
            away instead of sticking, so the page's own sticky panels keep the small screen. */}
        <header className="relative z-20 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-slate-200 bg-white/95 px-4 py-2.5 backdrop-blur sm:sticky sm:top-0 sm:h-14 sm:flex-nowrap sm:px-6 sm:py-0">
          <div className="flex min-w-0 flex-1 items-center gap-2 sm:flex-none">
            <MobileNav />
            <StoreSwitcher />
          </div>
          <CodeSearch />
          <div className="flex items-center gap-1 sm:gap-2">
            <QueuedWritesIndicator />
            <UserMenu />
          </div>
        </header>
        <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}
