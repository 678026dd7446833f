/** A grey placeholder of the size of what is loading, so the page does not shift when data arrives. */
export function Skeleton({ className = "" }: { className?: string }) {
  return <span aria-hidden="true" className={`block animate-pulse rounded bg-slate-200/80 ${className}`} />;
}
