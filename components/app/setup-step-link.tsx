import { ListChecks } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button";
import type { SetupProgress } from "@/lib/schemas/overview";

/** A step of the overview's setup checklist, by its anchor there (components/overview/setup-checklist.tsx). */
function setupStepHref(storeId: string, step: keyof SetupProgress): string {
  return `/stores/${storeId}#setup-${step}`;
}

/**
 * An empty list's way forward: the setup step that fills it, on the overview, where the step says what must
 * come first and links to where it is done (rather than to an action that cannot work yet).
 */
export function SetupStepLink({
  storeId,
  step,
  children,
}: {
  storeId: string;
  step: keyof SetupProgress;
  children: ReactNode;
}) {
  return (
    <Link href={setupStepHref(storeId, step)} className={buttonClasses("secondary")}>
      <ListChecks className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}
