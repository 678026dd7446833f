"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatNumber } from "@/lib/client/format";
import type { StoreOverview } from "@/lib/schemas/overview";
import { ChartCard, FigureTable, NoData } from "./chart-card";
import {
  AXIS,
  CHART_MARGIN,
  COLOURS,
  GRID,
  STILL,
  seriesLegend,
  shortWeek,
  verticalTitle,
  weekAxis,
  weekRow,
} from "./chart-style";
import { DeliveredToClosed } from "./delivered-to-closed-chart";

/** Reasons are free text: long ones are cut on the axis (the tooltip and the table give them whole). */
const shortReason = (reason: string) => (reason.length > 20 ? `${reason.slice(0, 19)}…` : reason);

export function OverviewCharts({ overview }: { overview: StoreOverview }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ReturnsByWeek weeks={overview.returnsByWeek} />
      <TopReasons reasons={overview.topReasons} />
      <DeliveredToClosed closing={overview.deliveredToClosed} />
      <InboundUnits weeks={overview.inboundUnitsByWeek} />
    </div>
  );
}

function ReturnsByWeek({ weeks }: { weeks: StoreOverview["returnsByWeek"] }) {
  const data = weeks.map((week) => ({ ...week, label: shortWeek(week.week) }));
  return (
    <ChartCard
      title="Returns created per week"
      description="By type, stacked: returns, claims and warranty requests."
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={CHART_MARGIN} accessibilityLayer={false}>
            <CartesianGrid stroke={GRID} vertical={false} />
            <XAxis {...weekAxis("Week starting (UTC)")} />
            <YAxis allowDecimals={false} tick={AXIS} width={48} label={verticalTitle("Returns")} />
            <Tooltip />
            <Legend {...seriesLegend(["return", "claim", "warranty"])} />
            <Bar {...STILL} dataKey="return" name="Return" stackId="type" fill={COLOURS.blue} />
            <Bar {...STILL} dataKey="claim" name="Claim" stackId="type" fill={COLOURS.orange} />
            <Bar {...STILL} dataKey="warranty" name="Warranty" stackId="type" fill={COLOURS.green} />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <FigureTable
          caption="Returns created per week, by type"
          columns={["Week", "Return", "Claim", "Warranty", "Total"]}
          rows={weeks.map((week) => ({
            key: week.week,
            cells: [
              weekRow(week.week),
              formatNumber(week.return),
              formatNumber(week.claim),
              formatNumber(week.warranty),
              formatNumber(week.return + week.claim + week.warranty),
            ],
          }))}
        />
      }
    />
  );
}

function TopReasons({ reasons }: { reasons: StoreOverview["topReasons"] }) {
  return (
    <ChartCard
      title="Top return reasons"
      description="Units returned per reason, of the returns created in the 12 weeks."
      chart={
        reasons.length === 0 ? (
          <NoData>No returns were created in the 12 weeks.</NoData>
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              data={reasons}
              layout="vertical"
              margin={{ top: 8, right: 16, bottom: 16, left: 8 }}
              accessibilityLayer={false}
            >
              <CartesianGrid stroke={GRID} horizontal={false} />
              <XAxis
                type="number"
                allowDecimals={false}
                tick={AXIS}
                label={{ value: "Units returned", position: "insideBottom", offset: -10, ...AXIS }}
              />
              <YAxis
                type="category"
                dataKey="reason"
                tick={AXIS}
                width={160}
                interval={0}
                tickFormatter={shortReason}
              />
              <Tooltip />
              <Bar {...STILL} dataKey="units" name="Units" fill={COLOURS.blue} />
            </BarChart>
          </ResponsiveContainer>
        )
      }
      table={
        <FigureTable
          caption="Top return reasons by units"
          columns={["Reason", "Units"]}
          rows={reasons.map((reason) => ({
            key: reason.reason,
            cells: [reason.reason, formatNumber(reason.units)],
          }))}
        />
      }
    />
  );
}

function InboundUnits({ weeks }: { weeks: StoreOverview["inboundUnitsByWeek"] }) {
  const data = weeks.map((week) => ({ ...week, label: shortWeek(week.week) }));
  return (
    <ChartCard
      title="Inbound units, expected and received"
      description="Units of the shipments expected each week (estimated arrival), and how many have been received."
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={CHART_MARGIN} accessibilityLayer={false}>
            <CartesianGrid stroke={GRID} vertical={false} />
            <XAxis {...weekAxis("Week of expected arrival (UTC)")} />
            <YAxis
              allowDecimals={false}
              tick={AXIS}
              width={56}
              tickFormatter={(value: number) => formatNumber(value)}
              label={verticalTitle("Units")}
            />
            <Tooltip />
            <Legend {...seriesLegend(["expected", "received"])} />
            <Bar {...STILL} dataKey="expected" name="Expected" fill={COLOURS.orange} />
            <Bar {...STILL} dataKey="received" name="Received" fill={COLOURS.blue} />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <FigureTable
          caption="Inbound units expected and received, per week of expected arrival"
          columns={["Week", "Expected", "Received"]}
          rows={weeks.map((week) => ({
            key: week.week,
            cells: [weekRow(week.week), formatNumber(week.expected), formatNumber(week.received)],
          }))}
        />
      }
    />
  );
}
