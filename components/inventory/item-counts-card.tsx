"use client";

import Link from "next/link";
import { useStoreTimeZone } from "@/components/app/staff-context";
import { Card } from "@/components/ui/card";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/lib/client/api-client";
import { formatDateTime, formatNumber } from "@/lib/client/format";
import { useItemCycleCounts } from "@/lib/client/hooks/cycle-counts";

/** When the item was last counted, and its completed counts with their accuracy (docs/cycle-counts.md). */
export function ItemCountsCard({ storeId, inventoryItemId }: { storeId: string; inventoryItemId: string }) {
  const history = useItemCycleCounts(storeId, inventoryItemId);
  const timeZone = useStoreTimeZone();
  let body: React.ReactNode;
  if (history.isError) {
    body = (
      <ErrorState
        title="The counts could not be loaded"
        message={errorMessage(history.error)}
        onRetry={() => void history.refetch()}
      />
    );
  } else if (!history.data) {
    body = <Skeleton className="m-5 h-12" />;
  } else if (history.data.counts.length === 0) {
    body = (
      <p className="px-5 py-4 text-sm text-slate-600">
        Never counted: a cycle count that covers it will show here.
      </p>
    );
  } else {
    body = (
      <ScrollRegion label="Counts of this item">
        <table className="w-full min-w-[32rem] text-sm">
          <thead className="bg-slate-50 text-left text-xs font-medium text-slate-600">
            <tr>
              <th scope="col" className="px-5 py-2">
                Count
              </th>
              <th scope="col" className="px-3 py-2">
                Completed
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Expected
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Counted
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Accuracy
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {history.data.counts.map((count) => (
              <tr key={count.cycle_count_id}>
                <td className="px-5 py-2">
                  <Link
                    href={`/stores/${storeId}/counts/${count.cycle_count_id}`}
                    className="font-medium text-indigo-700 hover:underline"
                  >
                    {count.name}
                  </Link>
                  <span className="block text-xs text-slate-600">{count.location_name}</span>
                </td>
                <td className="px-3 py-2">{formatDateTime(count.completed_at, timeZone)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatNumber(count.expected)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatNumber(count.counted)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{count.accuracy}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    );
  }
  const last = history.data?.last_counted_at;
  return (
    <Card
      title="Counts"
      description={last ? `Last counted ${formatDateTime(last, timeZone)}.` : "Not counted yet."}
      bodyClassName="p-0"
    >
      {body}
    </Card>
  );
}
