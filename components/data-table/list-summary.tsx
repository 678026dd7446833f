import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber } from "@/lib/client/format";

/** "Showing 1,200 loaded · more available" above an infinite list, announced politely as it grows. */
export function ListSummary({
  loading,
  loaded,
  more,
  noun,
}: {
  loading: boolean;
  loaded: number;
  more: boolean;
  /** Plural, e.g. "shipments". */
  noun: string;
}) {
  return (
    <p role="status" className="flex h-6 items-center text-sm text-slate-600">
      {loading ? (
        <>
          <span className="sr-only">Loading {noun}…</span>
          <Skeleton className="h-4 w-56" />
        </>
      ) : more ? (
        <>
          Showing {formatNumber(loaded)} loaded
          <span aria-hidden="true" className="px-1.5">
            ·
          </span>
          more available
        </>
      ) : (
        `Showing all ${formatNumber(loaded)} ${noun}`
      )}
    </p>
  );
}
