"use client";

import { useCan, useCurrentStore } from "@/components/app/staff-context";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/lib/client/api-client";
import { formatMoney, formatNumber } from "@/lib/client/format";
import { useCycleCount, useCycleCountAction } from "@/lib/client/hooks/cycle-counts";
import type { CycleCountDetail } from "@/lib/schemas/cycle-counts";
import { CountStatusBadge, scopeWords, signed } from "./count-labels";
import { CountingPanel } from "./counting-panel";
import { ReviewTable } from "./review-table";

/** One count: counting while draft or in progress, the review once submitted, the result once applied. */
export function CountPage({ cycleCountId }: { cycleCountId: string }) {
  const store = useCurrentStore();
  const query = useCycleCount(store.id, cycleCountId);
  const crumbs = [
    { label: store.name, href: `/stores/${store.id}` },
    { label: "Counts", href: `/stores/${store.id}/counts` },
  ];
  if (query.isError) {
    return (
      <>
        <PageHeader title="Count" breadcrumbs={[...crumbs, { label: "Count" }]} />
        <ErrorState
          title="The count could not be loaded"
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }
  if (!query.data) {
    return (
      <>
        <PageHeader title="Count" breadcrumbs={[...crumbs, { label: "Count" }]} />
        <Skeleton className="h-64" />
      </>
    );
  }
  return <LoadedCount detail={query.data} crumbs={crumbs} />;
}

function LoadedCount({
  detail,
  crumbs,
}: {
  detail: CycleCountDetail;
  crumbs: { label: string; href: string }[];
}) {
  const store = useCurrentStore();
  const count = detail.cycle_count;
  const canWrite = useCan("write");
  const isAdmin = useCan("admin");
  const action = useCycleCountAction(store.id, count.id);
  const counting = count.status === "draft" || count.status === "in_progress";
  const submitted = count.status === "in_review" || count.status === "completed";
  const toReview = detail.lines.filter((line) => line.status === "review").map((line) => line.id);
  const summary = count.summary;
  const figures = (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <Figure
        label="Counted"
        value={`${formatNumber(summary.counted)} / ${formatNumber(summary.lines)} lines`}
      />
      <Figure
        label="Variance"
        value={summary.variance_units === null ? "after submit" : `${signed(summary.variance_units)} units`}
      />
      <Figure
        label="Variance value"
        value={
          summary.variance_value === null
            ? "—"
            : formatMoney({ amount: summary.variance_value, currency: store.currency })
        }
      />
      <Figure label="Accuracy" value={summary.accuracy === null ? "after submit" : `${summary.accuracy}%`} />
    </dl>
  );
  return (
    <>
      <PageHeader
        title={count.name}
        breadcrumbs={[...crumbs, { label: count.name }]}
        description={`${count.location_name} · ${scopeWords(count.scope)}${count.blind ? " · blind" : ""}`}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <CountStatusBadge status={count.status} />
            {canWrite && count.status === "in_progress" ? (
              <Button
                variant="primary"
                disabled={action.isPending}
                onClick={() => action.mutate({ action: "submit" })}
              >
                Submit for review
              </Button>
            ) : null}
            {isAdmin && count.status === "in_review" && toReview.length > 0 ? (
              <Button
                disabled={action.isPending}
                onClick={() => action.mutate({ action: "accept", lineIds: toReview })}
              >
                Accept all {toReview.length}
              </Button>
            ) : null}
            {isAdmin && count.status === "in_review" ? (
              <Button
                variant="primary"
                disabled={action.isPending || toReview.length > 0}
                title={toReview.length > 0 ? "Accept or recount the lines to review first" : undefined}
                onClick={() => action.mutate({ action: "apply" })}
              >
                Apply count
              </Button>
            ) : null}
            {canWrite && (counting || count.status === "in_review") ? (
              <Button
                variant="ghost"
                disabled={action.isPending}
                onClick={() => action.mutate({ action: "cancel" })}
              >
                Cancel count
              </Button>
            ) : null}
          </div>
        }
      />
      <div className="space-y-4">
        {/* At the shelf the scan field comes first; the figures follow it while counting. */}
        {counting && canWrite ? <CountingPanel storeId={store.id} detail={detail} /> : null}
        {figures}
        {counting && !canWrite ? (
          <Card title="Counting">
            <p className="text-sm text-slate-600">
              Editors and admins count; this count is {count.status.replace("_", " ")}.
            </p>
          </Card>
        ) : null}
        {submitted ? (
          <Card
            title={count.status === "completed" ? `Applied by ${count.applied_by ?? "—"}` : "Review"}
            description={
              count.status === "completed"
                ? "Each variance was posted to its bin as a cycle-count movement, on top of what moved meanwhile."
                : toReview.length > 0
                  ? `${toReview.length} ${toReview.length === 1 ? "line is" : "lines are"} over the threshold: ${isAdmin ? "accept or recount them" : "an admin accepts or recounts them"}.`
                  : "Every variance is accepted: apply the count to post them."
            }
            bodyClassName="p-0"
          >
            <ReviewTable
              lines={detail.lines}
              busy={action.isPending}
              onReview={
                count.status === "in_review"
                  ? (kind, lineIds) => action.mutate({ action: kind, lineIds })
                  : undefined
              }
            />
          </Card>
        ) : null}
      </div>
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-base font-semibold tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}
