import type { ReactNode } from "react";

/**
 * A named region that scrolls sideways when what it holds (a table) is wider than the screen. It takes
 * keyboard focus, so keyboard users can scroll it too.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs to take focus.
      tabIndex={0}
      className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {children}
    </section>
  );
}
