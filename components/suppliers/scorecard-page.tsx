"use client";

import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useCurrentStore } from "@/components/app/staff-context";
import { ChartCard, FigureTable } from "@/components/overview/chart-card";
import {
  AXIS,
  CHART_MARGIN,
  COLOURS,
  GRID,
  STILL,
  seriesLegend,
  verticalTitle,
} from "@/components/overview/chart-style";
import { PageHeader } from "@/components/shell/page-header";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/lib/client/api-client";
import { formatMoney, formatNumber } from "@/lib/client/format";
import { useSupplierScorecard } from "@/lib/client/hooks/suppliers";
import type { SupplierScorecard, SupplierScorecardMonth } from "@/lib/schemas/suppliers";

const monthLabel = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
const labelOf = (month: string) => monthLabel.format(new Date(`${month}-01T00:00:00Z`));
const percent = (rate: number | null) => (rate === null ? "—" : `${(rate * 100).toFixed(1)}%`);
const asPercent = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);

/** A supplier's scorecard: six months of on-time, fill, damage and overage rates, and claims. */
export function SupplierScorecardPage({ supplierId }: { supplierId: string }) {
  const store = useCurrentStore();
  const query = useSupplierScorecard(store.id, supplierId);
  const crumbs = (label: string) => [
    { label: store.name, href: `/stores/${store.id}` },
    { label: "Suppliers", href: `/stores/${store.id}/settings/suppliers` },
    { label },
  ];
  if (query.isError) {
    return (
      <>
        <PageHeader title="Supplier" breadcrumbs={crumbs(supplierId)} />
        <ErrorState
          title="The scorecard could not be loaded"
          message={errorMessage(query.error)}
          onRetry={() => query.refetch()}
        />
      </>
    );
  }
  if (!query.isSuccess) {
    return (
      <>
        <PageHeader title="Supplier" breadcrumbs={crumbs("Supplier")} />
        <Skeleton className="h-64 w-full" />
      </>
    );
  }
  const card = query.data;
  return (
    <>
      <PageHeader
        title={card.supplier.name}
        breadcrumbs={crumbs(card.supplier.name)}
        description={`Scorecard from stored shipments, receipts and claims, per month (UTC). Claims go to ${card.supplier.email}.`}
      />
      <div className="space-y-6">
        <Totals card={card} />
        <RatesChart months={card.months} />
      </div>
    </>
  );
}

function Totals({ card }: { card: SupplierScorecard }) {
  const sum = (pick: (month: SupplierScorecardMonth) => number) =>
    card.months.reduce((total, month) => total + pick(month), 0);
  const money = (pick: (month: SupplierScorecardMonth) => string) => ({
    amount: sum((month) => Number(pick(month))).toFixed(2),
    currency: card.currency,
  });
  const figures: [string, string][] = [
    ["Shipments", formatNumber(sum((m) => m.shipments))],
    ["On time", `${formatNumber(sum((m) => m.on_time))} of ${formatNumber(sum((m) => m.arrived_with_eta))}`],
    [
      "Units received",
      `${formatNumber(sum((m) => m.received_units))} of ${formatNumber(sum((m) => m.expected_units))}`,
    ],
    ["Claims open", formatNumber(sum((m) => m.claims_open))],
    ["Claimed", formatMoney(money((m) => m.claimed_amount))],
    ["Recovered", formatMoney(money((m) => m.recovered_amount))],
  ];
  return (
    <Card title={`Last ${card.months.length} months`}>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function RatesChart({ months }: { months: SupplierScorecardMonth[] }) {
  const data = months.map((month) => ({
    label: labelOf(month.month),
    onTime: asPercent(month.on_time_rate),
    fill: asPercent(month.fill_rate),
    damage: asPercent(month.damage_rate),
    overage: asPercent(month.overage_rate),
  }));
  return (
    <ChartCard
      title="Rates per month"
      description="On time against the ETA, fill rate (good units ÷ expected), damage and overage rates, in percent."
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={CHART_MARGIN} accessibilityLayer={false}>
            <CartesianGrid stroke={GRID} vertical={false} />
            <XAxis dataKey="label" tick={AXIS} interval="preserveStartEnd" />
            <YAxis domain={[0, 100]} tick={AXIS} width={48} label={verticalTitle("Percent")} />
            <Tooltip />
            <Legend {...seriesLegend(["onTime", "fill", "damage", "overage"])} />
            <Line
              {...STILL}
              dataKey="onTime"
              name="On time"
              stroke={COLOURS.blue}
              strokeWidth={2}
              connectNulls
            />
            <Line
              {...STILL}
              dataKey="fill"
              name="Fill rate"
              stroke={COLOURS.green}
              strokeWidth={2}
              connectNulls
            />
            <Line
              {...STILL}
              dataKey="damage"
              name="Damage rate"
              stroke={COLOURS.vermillion}
              strokeWidth={2}
              connectNulls
            />
            <Line
              {...STILL}
              dataKey="overage"
              name="Overage rate"
              stroke={COLOURS.orange}
              strokeWidth={2}
              strokeDasharray="4 3"
              connectNulls
            />
          </LineChart>
        </ResponsiveContainer>
      }
      table={
        <FigureTable
          caption="Supplier scorecard per month"
          columns={["Month", "Shipments", "On time", "Fill", "Damage", "Overage", "Claims open", "Recovered"]}
          rows={months.map((month) => ({
            key: month.month,
            cells: [
              labelOf(month.month),
              formatNumber(month.shipments),
              percent(month.on_time_rate),
              percent(month.fill_rate),
              percent(month.damage_rate),
              percent(month.overage_rate),
              formatNumber(month.claims_open),
              month.recovered_amount,
            ],
          }))}
        />
      }
    />
  );
}
