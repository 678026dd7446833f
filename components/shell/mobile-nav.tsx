"use client";

import { Menu, X } from "lucide-react";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { BrandLink } from "./brand-link";
import { SidebarNav } from "./sidebar-nav";

/**
 * Below 640 px (a phone at the dock) the sidebar gives its 64 px back to the page, and this button opens the
 * same navigation as a drawer from the left: a modal <dialog>, so focus stays inside and Escape closes it. A
 * link followed closes it too (the path changes).
 */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDialogElement>(null);
  const pathname = usePathname();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is the reason to close, not a value read
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <>
      <button
        type="button"
        aria-label="Menu"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className="-ml-1 rounded-md p-1.5 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 sm:hidden"
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard closes it with Escape (the dialog's own) or Close menu. */}
      <dialog
        ref={ref}
        aria-label="Menu"
        onClose={() => setOpen(false)}
        // A click on the backdrop lands on the dialog element itself, outside the panel.
        onClick={(event) => {
          if (event.target === event.currentTarget) setOpen(false);
        }}
        className="m-0 h-full max-h-none w-72 max-w-[85vw] bg-slate-900 p-0 backdrop:bg-slate-900/50 open:flex open:flex-col"
      >
        {open ? (
          <>
            <div className="flex h-14 shrink-0 items-center justify-between border-b border-slate-800 px-4">
              <BrandLink labelled />
              <button
                type="button"
                aria-label="Close menu"
                onClick={() => setOpen(false)}
                className="rounded-md p-1.5 text-slate-300 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-indigo-400"
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            </div>
            <SidebarNav labelled />
          </>
        ) : null}
      </dialog>
    </>
  );
}
