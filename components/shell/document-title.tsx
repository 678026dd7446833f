"use client";

import { useEffect } from "react";

/**
 * Sets the tab's title once a page knows what it shows ("Return for order #2504 · Backroom"); the
 * route's metadata title ("Return") stays until then. Restores the previous title when the page goes.
 */
export function DocumentTitle({ title }: { title: string }) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · Backroom`;
    return () => {
      document.title = previous;
    };
  }, [title]);
  return null;
}
