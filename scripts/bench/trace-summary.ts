import { readFileSync } from "node:fs";

/**
 * The page's main-thread work in a Chromium trace (`npm run bench:page` with BENCH_PAGE_TRACE), by phase: the
 * thread's own CPU time (`tdur`) beside wall time (`dur`). On a machine shared with other work the wall time
 * stretches and the CPU time does not, so CPU time compares two versions of the page measured at different loads.
 */

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
};

const PHASES: [string, string][] = [
  ["ThreadControllerImpl::RunTask", "all tasks"],
  ["FunctionCall", "JavaScript (calls)"],
  ["EventDispatch", "event handlers"],
  ["UpdateLayoutTree", "style"],
  ["Layout", "layout"],
  ["PrePaint", "pre-paint"],
  ["Paint", "paint"],
  ["Layerize", "layerize"],
  ["MinorGC", "minor GC"],
];

export function summariseTrace(file: string): string[] {
  const parsed = JSON.parse(readFileSync(file, "utf8")) as TraceEvent[] | { traceEvents: TraceEvent[] };
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const main = events.filter((e) => e.ph === "X" && mainThreads.has(`${e.pid}:${e.tid}`));
  return PHASES.map(([name, label]) => {
    const of = main.filter((e) => e.name === name);
    const cpu = of.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000;
    const wall = of.reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000;
    return `${label.padEnd(20)} CPU ${cpu.toFixed(0).padStart(6)} ms   wall ${wall.toFixed(0).padStart(6)} ms`;
  });
}
