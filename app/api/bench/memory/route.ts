import { constants, PerformanceObserver } from "node:perf_hooks";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { readConfig } from "@/lib/config";

/**
 * The server's memory for `npm run bench:csv`, only with BACKROOM_BENCH=1: RSS beside the V8 heap, so a peak
 * can be read as live data or as garbage the collector has not returned (docs/performance.md). The first
 * request starts a 100 ms sampler in the server that keeps the peak of each figure; `?reset=1` starts a new
 * peak. Live data is read without `--expose-gc`: the heap used just after each full (mark-compact) collection
 * is what survived it, so its peak bounds what the work really held.
 */

type Figures = { rss: number; heapUsed: number; heapTotal: number; external: number; arrayBuffers: number };
type Peaks = Figures & {
  /** Largest heap used just after a full collection: the live data. */
  liveAfterFullGc: number;
  fullGcs: number;
  /** The heap's spaces (used bytes) when RSS peaked. */
  spacesAtPeakRss: Record<string, number>;
};

type Sampler = { peaks: Peaks; sample: () => void; forcedGc?: NodeJS.Timeout };

/**
 * A full collection on demand without starting the server with `--expose-gc`: the flag is set at run time and
 * `gc` read from a fresh context, which is created after it. Only for the diagnostic `?gcEveryMs=` (it costs
 * throughput), which reads the true live peak.
 */
function fullGc(): () => void {
  v8.setFlagsFromString("--expose-gc");
  const gc: unknown = runInNewContext("gc");
  if (typeof gc !== "function") throw new Error("gc is not exposed");
  return () => gc();
}

const zero = (): Peaks => ({
  rss: 0,
  heapUsed: 0,
  heapTotal: 0,
  external: 0,
  arrayBuffers: 0,
  liveAfterFullGc: 0,
  fullGcs: 0,
  spacesAtPeakRss: {},
});

// On globalThis: one sampler per process even if the bundler loads this module twice.
const KEY = Symbol.for("backroom.bench.memory");
type Holder = { [KEY]?: Sampler };

function sampler(): Sampler {
  const holder = globalThis as Holder;
  const existing = holder[KEY];
  if (existing) return existing;
  const created: Sampler = { peaks: zero(), sample: () => {} };
  created.sample = () => {
    const now = process.memoryUsage();
    const peaks = created.peaks;
    if (now.rss > peaks.rss) {
      peaks.spacesAtPeakRss = Object.fromEntries(
        v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size]),
      );
    }
    for (const key of ["rss", "heapUsed", "heapTotal", "external", "arrayBuffers"] as const) {
      peaks[key] = Math.max(peaks[key], now[key]);
    }
  };
  setInterval(created.sample, 100).unref();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // Node 20's types leave out the gc entry's detail ({ kind, flags }).
      const { detail } = entry as { detail?: { kind?: number } };
      if (detail?.kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue;
      created.peaks.fullGcs++;
      created.peaks.liveAfterFullGc = Math.max(created.peaks.liveAfterFullGc, process.memoryUsage().heapUsed);
    }
  }).observe({ entryTypes: ["gc"] });
  created.sample();
  holder[KEY] = created;
  return created;
}

export async function GET(request: Request): Promise<Response> {
  if (!readConfig().benchRoutes) return new Response("Not Found", { status: 404 });
  const state = sampler();
  const now = process.memoryUsage();
  const peaks = state.peaks;
  const search = new URL(request.url).searchParams;
  if (search.get("reset") === "1") {
    state.peaks = zero();
    state.sample();
    clearInterval(state.forcedGc);
    const every = Number(search.get("gcEveryMs"));
    if (every > 0) {
      const gc = fullGc();
      // The full collections it forces are counted by the observer, so liveAfterFullGc is the live peak.
      state.forcedGc = setInterval(gc, every);
      state.forcedGc.unref();
    }
  }
  return Response.json({ now, peaks }, { headers: { "Cache-Control": "no-store" } });
}
