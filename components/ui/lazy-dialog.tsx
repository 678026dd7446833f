"use client";

import { type ComponentType, lazy, Suspense, useState } from "react";

/**
 * A dialog component whose code (and what it imports: request schemas, zod, URL checks) is fetched the first
 * time it opens instead of with the page. It renders nothing until it is first open (`isOpen` of its props); from then on it stays
 * mounted, so the native <dialog> closes, restores focus and reopens as an eager one would. The first opening
 * waits for the chunk (a few KB, one request). docs/performance.md.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per dialog, at module scope.
  function LazyDialog(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!opened && !open) return null;
    return (
      <Suspense fallback={null}>
        {/* biome-ignore lint/suspicious/noExplicitAny: lazy() erases P's generic props; they are P. */}
        <Loaded {...(props as any)} />
      </Suspense>
    );
  }
  return LazyDialog;
}
