"use client";

import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatNumber } from "@/lib/client/format";
import type { StoreOverview } from "@/lib/schemas/overview";
import { ChartCard, FigureTable, NoData } from "./chart-card";
import * as chart from "./chart-style";

/** Hours as the unit that reads best for the store's typical time: hours under two days, else days. */
function durationUnit(medianHours: number | null): { unit: "hours" | "days"; of: (hours: number) => number } {
  return medianHours !== null && medianHours >= 48
    ? { unit: "days", of: (hours) => Math.round((hours / 24) * 10) / 10 }
    : { unit: "hours", of: (hours) => Math.round(hours * 10) / 10 };
}

export function DeliveredToClosed({ closing }: { closing: StoreOverview["deliveredToClosed"] }) {
  const { unit, of } = durationUnit(closing.medianHours);
  const data = closing.weeks.map((week) => ({
    label: chart.shortWeek(week.week),
    median: week.medianHours === null ? null : of(week.medianHours),
  }));
  return (
    <ChartCard
      title="Time from delivered to complete"
      description="Median per week of completion, of returns delivered back and then completed."
      headline={
        <p className="mb-2 text-sm text-slate-700">
          <span
            className="text-2xl font-semibold tabular-nums text-slate-900"
            data-testid="median-delivered-closed"
          >
            {closing.medianHours === null
              ? "No completed returns"
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
          <NoData>No delivered return was completed in the 12 weeks.</NoData>
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={data} margin={chart.CHART_MARGIN} accessibilityLayer={false}>
              <CartesianGrid stroke={chart.GRID} vertical={false} />
              <XAxis {...chart.weekAxis("Week completed (UTC)")} />
              <YAxis tick={chart.AXIS} width={48} label={chart.verticalTitle(`Median ${unit}`)} />
              <Tooltip />
              <Line
                {...chart.STILL}
                dataKey="median"
                name={`Median ${unit}`}
                stroke={chart.COLOURS.vermillion}
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
          caption={`Median ${unit} from delivered to complete, per week of completion`}
          columns={["Week", `Median (${unit})`, "Closed"]}
          rows={closing.weeks.map((week) => ({
            key: week.week,
            cells: [
              chart.weekRow(week.week),
              week.medianHours === null ? "—" : formatNumber(of(week.medianHours)),
              formatNumber(week.closed),
            ],
          }))}
        />
      }
    />
  );
}
