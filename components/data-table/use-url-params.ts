"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useCallback } from "react";

export type ParamPatch = Record<string, string | null | undefined>;

/**
 * A list's state kept in the URL's query string, so links are shareable and back/forward work.
 * `push` adds a history entry (a discrete choice: a select, a date, "Clear filters"); `replace` rewrites the
 * current one (typing, so every keystroke is not a step back). Empty values are removed from the URL.
 *
 * Uses the History API, which Next.js keeps in sync with `useSearchParams`: the page stays mounted and no
 * server round trip happens, as `router.push` would cause (it re-renders the page's server components).
 */
export function useUrlParams() {
  const params = useSearchParams();
  const pathname = usePathname();

  const update = useCallback(
    (patch: ParamPatch, mode: "push" | "replace") => {
      const next = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(patch)) {
        if (value === null || value === undefined || value === "") next.delete(key);
        else next.set(key, value);
      }
      const query = next.toString();
      if (query === window.location.search.replace(/^\?/, "")) return;
      const url = query ? `${pathname}?${query}` : pathname;
      if (mode === "push") window.history.pushState(null, "", url);
      else window.history.replaceState(null, "", url);
    },
    [pathname],
  );

  const push = useCallback((patch: ParamPatch) => update(patch, "push"), [update]);
  const replace = useCallback((patch: ParamPatch) => update(patch, "replace"), [update]);
  return { params, push, replace };
}
