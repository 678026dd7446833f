"use client";

import { BarChart3 } from "lucide-react";
import dynamic from "next/dynamic";
import { roleAllows, useCurrentStore } from "@/components/app/staff-context";
import { PageHeader } from "@/components/shell/page-header";
import { ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/lib/client/api-client";
import { formatDateTime } from "@/lib/client/format";
import { useStoreOverview } from "@/lib/client/hooks/overview";
import type { StoreOverview } from "@/lib/schemas/overview";
import { ActionCounts } from "./action-counts";
import { ChartsSkeleton } from "./chart-card";
import { SetupChecklist } from "./setup-checklist";

// Recharts (~100 KB gzipped with its d3 parts) is needed only here and only once data has arrived: its
// own chunk, fetched beside the API request, so no other page's first load carries it.
const OverviewCharts = dynamic(() => import("./overview-charts").then((m) => m.OverviewCharts), {
  ssr: false,
  loading: () => <ChartsSkeleton />,
});

/** Nothing happened in the 12 weeks: the charts would be four empty frames, so one message replaces them. */
function isQuiet(overview: StoreOverview): boolean {
  return (
    overview.returnsByWeek.every((week) => week.return + week.claim + week.warranty === 0) &&
    overview.deliveredToClosed.closed === 0 &&
    overview.inboundUnitsByWeek.every((week) => week.expected === 0 && week.received === 0)
  );
}

export function OverviewPage() {
  const store = useCurrentStore();
  const query = useStoreOverview(store.id);
  const overview = query.data;

  return (
    <>
      <PageHeader
        title="Overview"
        breadcrumbs={[{ label: store.name }]}
        description="Work waiting for your team, and the last 12 weeks of returns and inbound stock."
        meta={
          overview ? (
            <span className="text-xs text-slate-500">
              Updated {formatDateTime(overview.generatedAt, store.timeZone)}. Weeks run Monday to Sunday, UTC.
            </span>
          ) : null
        }
      />
      {query.isError ? (
        <div className="rounded-lg border border-slate-200 bg-white">
          <ErrorState
            title="The overview could not be loaded"
            message={errorMessage(query.error)}
            onRetry={() => query.refetch()}
          />
        </div>
      ) : (
        <div className="space-y-8">
          {/* Nothing while loading: a set-up store must not flash a checklist it no longer shows. */}
          {overview ? <SetupChecklist store={store} progress={overview.setup} /> : null}
          <ActionCounts
            storeId={store.id}
            isAdmin={roleAllows(store.role, "admin")}
            counts={overview?.counts}
          />
          <section aria-labelledby="last-weeks">
            <h2 id="last-weeks" className="mb-3 text-sm font-semibold text-slate-900">
              Last 12 weeks
            </h2>
            {!overview ? (
              <ChartsSkeleton />
            ) : isQuiet(overview) ? (
              <div className="flex flex-col items-center rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
                <BarChart3 className="size-6 text-slate-400" aria-hidden="true" />
                <p className="mt-3 text-base font-semibold text-slate-900">
                  No returns or inbound shipments yet
                </p>
                <p className="mt-1 max-w-md text-sm text-slate-600">
                  The charts fill in as returns are created and shipments are expected. Create a return or an
                  inbound shipment, or send them through the API.
                </p>
              </div>
            ) : (
              <OverviewCharts overview={overview} />
            )}
          </section>
        </div>
      )}
    </>
  );
}
