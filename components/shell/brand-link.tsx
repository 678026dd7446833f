import { Package } from "lucide-react";
import Link from "next/link";

/** The logo linking to the store list: the sidebar's head, and the phone drawer's. */
export function BrandLink({ labelled = false }: { labelled?: boolean }) {
  return (
    <Link
      href="/"
      className={`flex items-center gap-2 text-white ${labelled ? "" : "h-14 justify-center border-b border-slate-800 px-4 lg:justify-start"}`}
    >
      <span className="rounded-md bg-indigo-500 p-1.5" aria-hidden="true">
        <Package className="size-4" />
      </span>
      <span className={`text-base font-semibold tracking-tight ${labelled ? "" : "sr-only lg:not-sr-only"}`}>
        Backroom
      </span>
    </Link>
  );
}
