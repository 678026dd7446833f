import { describe, expect, it } from "vitest";
import { createRepeatFilter, REPEAT_WINDOW_MS } from "./repeat-filter";

describe("createRepeatFilter", () => {
  it("counts a code once while it stays in view, however long", () => {
    const filter = createRepeatFilter();
    expect(filter.frame(["084712000017"], 0)).toEqual(["084712000017"]);
    // Read every 100 ms for ten seconds.
    for (let at = 100; at <= 10_000; at += 100) expect(filter.frame(["084712000017"], at)).toEqual([]);
  });

  it("counts it again once out of view for the window, not before", () => {
    const filter = createRepeatFilter();
    filter.frame(["A"], 0);
    filter.frame([], 100);
    expect(filter.frame(["A"], REPEAT_WINDOW_MS - 1)).toEqual([]);
    filter.frame([], REPEAT_WINDOW_MS);
    expect(filter.frame(["A"], 2 * REPEAT_WINDOW_MS - 2)).toEqual([]);
    filter.frame([], 2 * REPEAT_WINDOW_MS);
    expect(filter.frame(["A"], 4 * REPEAT_WINDOW_MS)).toEqual(["A"]);
  });

  it("does not count a code again after reading paused while it was in view", () => {
    const filter = createRepeatFilter();
    filter.frame(["A"], 0);
    // No frame read for five seconds (the page was busy), and the code is still there.
    expect(filter.frame(["A"], 5_000)).toEqual([]);
  });

  it("counts a different code at once, and each code keeps its own sighting", () => {
    const filter = createRepeatFilter();
    expect(filter.frame(["A"], 0)).toEqual(["A"]);
    expect(filter.frame(["B"], 50)).toEqual(["B"]);
    expect(filter.frame(["A", "B"], 100)).toEqual([]);
    expect(filter.frame(["C", "A"], 150)).toEqual(["C"]);
  });

  it("forgets everything on reset, so reopening the camera counts the code in view", () => {
    const filter = createRepeatFilter();
    filter.frame(["A"], 0);
    filter.reset();
    expect(filter.frame(["A"], 10)).toEqual(["A"]);
  });
});
