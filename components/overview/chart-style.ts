/** What the overview's charts share: colours, axis text, the week labels. */

/**
 * Okabe–Ito colours: told apart with each common colour-vision deficiency. Series that share a chart
 * also differ in lightness, so they read apart in greyscale too.
 */
export const COLOURS = { blue: "#0072B2", orange: "#E69F00", green: "#009E73", vermillion: "#D55E00" };
export const AXIS = { fontSize: 12, fill: "#475569" };
export const GRID = "#e2e8f0";
/**
 * Series are drawn without animation: a chart that moves is a distraction on a page read at a glance, and a
 * resize would replay it with the line out of step with its axis (seen in the 768 px screenshot).
 */
export const STILL = { isAnimationActive: false } as const;

const weekLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
/** "Sep 1" for the week starting Monday 2026-09-01. */
export const shortWeek = (week: string) => weekLabel.format(new Date(`${week}T00:00:00Z`));
export const weekRow = (week: string) => `Week of ${shortWeek(week)}`;

/** The space around a chart's plot: room below for the x axis's label. */
export const CHART_MARGIN = { top: 8, right: 8, bottom: 16, left: 8 };

/** The x axis of a chart by week: the short week labels, first and last always shown, and its title. */
export function weekAxis(title: string) {
  return {
    dataKey: "label",
    tick: AXIS,
    interval: "preserveStartEnd",
    label: { value: title, position: "insideBottom", offset: -10, ...AXIS },
  } as const;
}

/** A y axis's title, written upwards along it. */
export function verticalTitle(title: string) {
  return { value: title, angle: -90, position: "insideLeft", ...AXIS } as const;
}

/** A legend above the chart listing the series in the order they are drawn (`keys`), not alphabetically. */
export function seriesLegend(keys: string[]) {
  return {
    verticalAlign: "top",
    height: 28,
    wrapperStyle: { fontSize: 12 },
    itemSorter: (item: { dataKey?: unknown }) => keys.indexOf(String(item.dataKey)),
  } as const;
}
