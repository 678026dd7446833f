import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClasses } from "./button";
import { EmptyState } from "./states";

/**
 * What a create page shows a viewer instead of its form: why not, and the way back to the list. The API
 * refuses the write anyway; this says so before anything is typed.
 */
export function RoleRefusal({
  title,
  backHref,
  backLabel,
  children,
}: {
  title: string;
  backHref: string;
  backLabel: string;
  children: ReactNode;
}) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <EmptyState
        title={title}
        action={
          <Link href={backHref} className={buttonClasses("secondary")}>
            {backLabel}
          </Link>
        }
      >
        {children}
      </EmptyState>
    </div>
  );
}
