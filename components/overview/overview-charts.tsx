"use client";

import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { formatNumber } from "@/lib/client/format";
import type { StoreOverview } from "@/lib/schemas/overview";
import { ChartCard, FigureTable } from "./chart-card";

/**
 * Okabe–Ito colours: told apart with each common colour-vision deficiency. Series that share a chart
 * also differ in lightness, so they read apart in greyscale too.
 */
// Series are drawn without animation (isAnimationActive={false}): a chart that moves is a distraction on a
// page people glance at, and a resize would otherwise replay it with the line out of step with its axis.
const COLOURS = { blue: "#0072B2", orange: "#E69F00", green: "#009E73", vermillion: "#D55E00" };
const AXIS = { fontSize: 12, fill: "#475569" };
const GRID = "#e2e8f0";

const weekLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
/** "Sep 1" for the week starting Monday 2026-09-01. */
const shortWeek = (week: string) => weekLabel.format(new Date(`${week}T00:00:00Z`));
const weekRow = (week: string) => `Week of ${shortWeek(week)}`;
/** Reasons are free text: long ones are cut on the axis (the tooltip and the table give them whole). */
const shortReason = (reason: string) => (reason.length > 20 ? `${reason.slice(0, 19)}…` : reason);
/** Legends list the series in the order they are drawn (return, claim, warranty), not alphabetically. */
const drawnOrder =
  (keys: string[]) =>
  (item: { dataKey?: unknown }): number =>
    keys.indexOf(String(item.dataKey));

/** Hours as the unit that reads best for the store's typical time: hours under two days, else days. */
function durationUnit(medianHours: number | null): { unit: "hours" | "days"; of: (hours: number) => number } {
  return medianHours !== null && medianHours >= 48
    ? { unit: "days", of: (hours) => Math.round((hours / 24) * 10) / 10 }
    : { unit: "hours", of: (hours) => Math.round(hours * 10) / 10 };
}

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
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 16, left: 8 }} accessibilityLayer={false}>
            <CartesianGrid stroke={GRID} vertical={false} />
            <XAxis
              dataKey="label"
              tick={AXIS}
              interval="preserveStartEnd"
              label={{ value: "Week starting (UTC)", position: "insideBottom", offset: -10, ...AXIS }}
            />
            <YAxis
              allowDecimals={false}
              tick={AXIS}
              width={48}
              label={{ value: "Returns", angle: -90, position: "insideLeft", ...AXIS }}
            />
            <Tooltip />
            <Legend
              verticalAlign="top"
              height={28}
              wrapperStyle={{ fontSize: 12 }}
              itemSorter={drawnOrder(["return", "claim", "warranty"])}
            />
            <Bar
              isAnimationActive={false}
              dataKey="return"
              name="Return"
              stackId="type"
              fill={COLOURS.blue}
            />
            <Bar
              isAnimationActive={false}
              dataKey="claim"
              name="Claim"
              stackId="type"
              fill={COLOURS.orange}
            />
            <Bar
              isAnimationActive={false}
              dataKey="warranty"
              name="Warranty"
              stackId="type"
              fill={COLOURS.green}
            />
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
              <Bar isAnimationActive={false} dataKey="units" name="Units" fill={COLOURS.blue} />
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

function DeliveredToClosed({ closing }: { closing: StoreOverview["deliveredToClosed"] }) {
  const { unit, of } = durationUnit(closing.medianHours);
  const data = closing.weeks.map((week) => ({
    label: shortWeek(week.week),
    median: week.medianHours === null ? null : of(week.medianHours),
  }));
  return (
    <ChartCard
      title="Time from delivered to closed"
      description="Median per week of closing, of returns delivered back and then closed."
      headline={
        <p className="mb-2 text-sm text-slate-700">
          <span
            className="text-2xl font-semibold tabular-nums text-slate-900"
            data-testid="median-delivered-closed"
          >
            {closing.medianHours === null
              ? "No closed returns"
              : `${formatNumber(of(closing.medianHours))} ${unit}`}
          </span>{" "}
          {closing.medianHours === null ? null : (
            <span className="text-slate-600">
              median over 12 weeks, {formatNumber(closing.closed)}{" "}
              {closing.closed === 1 ? "return" : "returns"}
            </span>
          )}
        </p>
      }
      chart={
        closing.closed === 0 ? (
          <NoData>No delivered return was closed in the 12 weeks.</NoData>
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            <LineChart
              data={data}
              margin={{ top: 8, right: 8, bottom: 16, left: 8 }}
              accessibilityLayer={false}
            >
              <CartesianGrid stroke={GRID} vertical={false} />
              <XAxis
                dataKey="label"
                tick={AXIS}
                interval="preserveStartEnd"
                label={{ value: "Week closed (UTC)", position: "insideBottom", offset: -10, ...AXIS }}
              />
              <YAxis
                tick={AXIS}
                width={48}
                label={{ value: `Median ${unit}`, angle: -90, position: "insideLeft", ...AXIS }}
              />
              <Tooltip />
              <Line
                isAnimationActive={false}
                dataKey="median"
                name={`Median ${unit}`}
                stroke={COLOURS.vermillion}
                strokeWidth={2}
                dot={{ r: 3 }}
                connectNulls
              />
            </LineChart>
          </ResponsiveContainer>
        )
      }
      table={
        <FigureTable
          caption={`Median ${unit} from delivered to closed, per week of closing`}
          columns={["Week", `Median (${unit})`, "Closed"]}
          rows={closing.weeks.map((week) => ({
            key: week.week,
            cells: [
              weekRow(week.week),
              week.medianHours === null ? "—" : formatNumber(of(week.medianHours)),
              formatNumber(week.closed),
            ],
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
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 16, left: 8 }} accessibilityLayer={false}>
            <CartesianGrid stroke={GRID} vertical={false} />
            <XAxis
              dataKey="label"
              tick={AXIS}
              interval="preserveStartEnd"
              label={{
                value: "Week of expected arrival (UTC)",
                position: "insideBottom",
                offset: -10,
                ...AXIS,
              }}
            />
            <YAxis
              allowDecimals={false}
              tick={AXIS}
              width={56}
              tickFormatter={(value: number) => formatNumber(value)}
              label={{ value: "Units", angle: -90, position: "insideLeft", ...AXIS }}
            />
            <Tooltip />
            <Legend
              verticalAlign="top"
              height={28}
              wrapperStyle={{ fontSize: 12 }}
              itemSorter={drawnOrder(["expected", "received"])}
            />
            <Bar isAnimationActive={false} dataKey="expected" name="Expected" fill={COLOURS.orange} />
            <Bar isAnimationActive={false} dataKey="received" name="Received" fill={COLOURS.blue} />
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

function NoData({ children }: { children: string }) {
  return <p className="flex h-full items-center justify-center text-sm text-slate-600">{children}</p>;
}
