import { useEffect, useReducer } from "react";

/**
 * The current time for relative labels ("3 minutes ago"). The interval re-renders the component so
 * the labels stay true while a page is open, and each render reads the clock afresh: a time kept from
 * the last tick made data that arrived since look like it came from the future ("in 4 seconds").
 */
export function useNow(intervalMs = 30_000): number {
  const [, tick] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    const timer = setInterval(tick, intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return Date.now();
}
