/**
 * Which camera reads are new scans. The camera reads the code in view many times a second, and a hand takes a
 * moment to move the next unit in, so a code read again within REPEAT_WINDOW_MS of its last sighting is the
 * same sighting: it does not count again unless the person confirms ("Count again"). The window runs from the
 * last time the code was seen, not from when it counted: a label held in view for ten seconds counts once, and
 * counts again once it has been out of view for the window.
 */

export const REPEAT_WINDOW_MS = 1_500;

export type Sighting = "new" | "repeat";

export type RepeatFilter = {
  /** A code read at `now` (milliseconds, any monotonic clock): whether it is a new scan. */
  see: (code: string, now: number) => Sighting;
  /** Forgets every sighting: the camera closed, so the next read of any code is new. */
  reset: () => void;
};

export function createRepeatFilter(windowMs: number = REPEAT_WINDOW_MS): RepeatFilter {
  const lastSeen = new Map<string, number>();
  return {
    see(code, now) {
      const previous = lastSeen.get(code);
      // Codes out of view for the window are forgotten, so the map holds only what was seen lately.
      for (const [seen, at] of lastSeen) if (now - at >= windowMs) lastSeen.delete(seen);
      lastSeen.set(code, now);
      return previous !== undefined && now - previous < windowMs ? "repeat" : "new";
    },
    reset() {
      lastSeen.clear();
    },
  };
}

/**
 * A UPC-E (8 digits: number system, six digits, check digit) written out as the UPC-A it abbreviates, which is
 * what catalogs store: `04252614` is `042100005264`. Anything else is returned as it is.
 */
export function expandUpcE(code: string): string {
  const match = /^([01])(\d)(\d)(\d)(\d)(\d)(\d)(\d)$/.exec(code);
  if (!match) return code;
  const [, system, d1, d2, d3, d4, d5, d6, check] = match;
  const body =
    d6 === "0" || d6 === "1" || d6 === "2"
      ? `${d1}${d2}${d6}0000${d3}${d4}${d5}`
      : d6 === "3"
        ? `${d1}${d2}${d3}00000${d4}${d5}`
        : d6 === "4"
          ? `${d1}${d2}${d3}${d4}00000${d5}`
          : `${d1}${d2}${d3}${d4}${d5}0000${d6}`;
  return `${system}${body}${check}`;
}
