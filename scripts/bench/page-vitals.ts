import type { Page } from "@playwright/test";

/**
 * Web vitals read in the page with the Performance API, for `npm run bench:page`: largest contentful paint
 * and interaction to next paint, computed as the web-vitals library does, plus the long tasks seen meanwhile.
 *
 * The observers are installed by an init script (a string, so no bundler helper leaks into the page) before
 * the page's own code runs; buffered, so entries from before the observer count too.
 */
export const VITALS_INIT_SCRIPT = `(() => {
  const vitals = { lcp: [], events: [], longTasks: [] };
  Object.defineProperty(window, "__benchVitals", { value: vitals });
  const describe = (node) => {
    if (!node || !node.tagName) return "";
    const text = (node.textContent || "").trim().replace(/\\s+/g, " ").slice(0, 40);
    return node.tagName.toLowerCase() + (text ? " \\"" + text + "\\"" : "");
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      vitals.lcp.push({ startTime: e.startTime, size: e.size, element: describe(e.element) });
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.interactionId) continue;
      vitals.events.push({
        id: e.interactionId, name: e.name, duration: e.duration, startTime: e.startTime,
        inputDelay: e.processingStart - e.startTime,
        processing: e.processingEnd - e.processingStart,
        target: describe(e.target),
      });
    }
  }).observe({ type: "event", buffered: true, durationThreshold: 16 });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) vitals.longTasks.push({ startTime: e.startTime, duration: e.duration });
  }).observe({ type: "longtask", buffered: true });
})();`;

type LcpEntry = { startTime: number; size: number; element: string };
type EventEntry = {
  id: number;
  name: string;
  duration: number;
  startTime: number;
  inputDelay: number;
  processing: number;
  target: string;
};
type LongTask = { startTime: number; duration: number };
type Vitals = { lcp: LcpEntry[]; events: EventEntry[]; longTasks: LongTask[] };

function readVitals(page: Page): Promise<Vitals> {
  return page.evaluate("structuredClone(window.__benchVitals)") as Promise<Vitals>;
}

/** The final LCP candidate (LCP stops at the first input, which the caller has not made yet). */
export async function largestContentfulPaint(page: Page): Promise<LcpEntry | undefined> {
  return (await readVitals(page)).lcp.at(-1);
}

/** Forgets the interactions and long tasks so far: what follows is measured on its own. */
export async function resetInteractions(page: Page): Promise<void> {
  await page.evaluate("window.__benchVitals.events.length = 0; window.__benchVitals.longTasks.length = 0");
}

export type InteractionSummary = {
  /** Interactions of 16 ms or more (shorter ones are not reported by the browser). */
  interactions: number;
  /** web-vitals' INP: the worst interaction, ignoring one per 50 (the p98); under 16 ms when none was seen. */
  inp: number;
  max: number;
  /** The five longest interactions, longest first. */
  worst: EventEntry[];
  longTasks: { count: number; totalMs: number; maxMs: number };
};

export async function interactionSummary(page: Page): Promise<InteractionSummary> {
  const { events, longTasks } = await readVitals(page);
  // An interaction (a key press: keydown and keyup) lasts as long as its longest event.
  const byInteraction = new Map<number, EventEntry>();
  for (const entry of events) {
    const known = byInteraction.get(entry.id);
    if (!known || entry.duration > known.duration) byInteraction.set(entry.id, entry);
  }
  const worstFirst = [...byInteraction.values()].sort((a, b) => b.duration - a.duration);
  const candidate = worstFirst[Math.min(worstFirst.length - 1, Math.floor(worstFirst.length / 50))];
  return {
    interactions: worstFirst.length,
    inp: candidate?.duration ?? 0,
    max: worstFirst[0]?.duration ?? 0,
    worst: worstFirst.slice(0, 5),
    longTasks: {
      count: longTasks.length,
      totalMs: longTasks.reduce((sum, task) => sum + task.duration, 0),
      maxMs: Math.max(0, ...longTasks.map((task) => task.duration)),
    },
  };
}

/** "pointerdown on button "Show items…": 144 ms = 3 input delay + 1 processing + 140 to the paint". */
export function describeInteraction(entry: EventEntry): string {
  const presentation = entry.duration - entry.inputDelay - entry.processing;
  const ms = (n: number) => Math.round(n);
  return (
    `${entry.name} on ${entry.target || "?"}: ${ms(entry.duration)} ms = ${ms(entry.inputDelay)} input delay + ` +
    `${ms(entry.processing)} processing + ${ms(presentation)} to the paint`
  );
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
