"use client";

import { useEffect, useRef } from "react";
import { type PagingState, PagingStatus } from "./table-parts";

/**
 * The footer under an infinite list that is an ordinary table (every loaded row in the DOM): its paging
 * status, and the next page requested on its own when the footer comes within 400 px of the window.
 */
export function PagingFooter({ paging }: { paging: PagingState }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, nextPageError, fetchNextPage } = paging;
  const autoLoad = hasNextPage && !isFetchingNextPage && !nextPageError;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !autoLoad) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) fetchNextPage();
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [autoLoad, fetchNextPage]);

  return (
    <div
      ref={sentinel}
      className="flex min-h-12 items-center border-t border-slate-200 px-4 py-2 text-sm text-slate-600"
    >
      <PagingStatus paging={paging} />
    </div>
  );
}
