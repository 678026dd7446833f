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
