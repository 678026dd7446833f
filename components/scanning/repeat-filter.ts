/**
 * Which camera reads are new scans. The camera reads the code in view many times a second, and a hand takes a
 * moment to move the next unit in, so a code counts again only once it has been out of view (a frame was read
 * without it) and REPEAT_WINDOW_MS have passed since it was last seen; a read before that is the same sighting,
 * counted again only if the person confirms ("Count again"). So a label held in view for ten seconds counts
 * once, and so does one still in view after the reading paused (a busy phone, a tab in the background): no
 * frame was read without it.
 */

export const REPEAT_WINDOW_MS = 1_500;

export type RepeatFilter = {
  /**
   * The codes read in one frame at `now` (milliseconds, any monotonic clock; none when the frame held no
   * code): those that are new scans, in the frame's order.
   */
  frame: (codes: readonly string[], now: number) => string[];
  /** Forgets every sighting: the camera closed, so the next read of any code is new. */
  reset: () => void;
};

type Sighting = { lastSeen: number; leftView: boolean };

export function createRepeatFilter(windowMs: number = REPEAT_WINDOW_MS): RepeatFilter {
  const sightings = new Map<string, Sighting>();
  return {
    frame(codes, now) {
      const inView = new Set(codes);
      const fresh: string[] = [];
      for (const [code, sighting] of sightings) {
        if (inView.has(code)) continue;
        sighting.leftView = true;
        // Out of view for the window: forgotten, so the map holds only what was seen lately.
        if (now - sighting.lastSeen >= windowMs) sightings.delete(code);
      }
      for (const code of inView) {
        const sighting = sightings.get(code);
        if (!sighting || (sighting.leftView && now - sighting.lastSeen >= windowMs)) fresh.push(code);
        sightings.set(code, { lastSeen: now, leftView: false });
      }
      return fresh;
    },
    reset() {
      sightings.clear();
    },
  };
}
