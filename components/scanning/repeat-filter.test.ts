import { describe, expect, it } from "vitest";
import { createRepeatFilter, expandUpcE, REPEAT_WINDOW_MS } from "./repeat-filter";

describe("createRepeatFilter", () => {
  it("counts a code once while it stays in view, however long", () => {
    const filter = createRepeatFilter();
    expect(filter.see("084712000017", 0)).toBe("new");
    // Read every 100 ms for ten seconds: each read is within the window of the one before.
    for (let at = 100; at <= 10_000; at += 100) expect(filter.see("084712000017", at)).toBe("repeat");
  });

  it("counts the same code again once it has been out of view for the window", () => {
    const filter = createRepeatFilter();
    filter.see("A", 0);
    expect(filter.see("A", REPEAT_WINDOW_MS - 1)).toBe("repeat");
    expect(filter.see("A", 2 * REPEAT_WINDOW_MS - 1)).toBe("new");
  });

  it("counts a different code at once, and each code keeps its own window", () => {
    const filter = createRepeatFilter();
    expect(filter.see("A", 0)).toBe("new");
    expect(filter.see("B", 50)).toBe("new");
    expect(filter.see("A", 100)).toBe("repeat");
    expect(filter.see("B", 100 + REPEAT_WINDOW_MS)).toBe("new");
  });

  it("forgets everything on reset, so reopening the camera counts the code in view", () => {
    const filter = createRepeatFilter();
    filter.see("A", 0);
    filter.reset();
    expect(filter.see("A", 10)).toBe("new");
  });
});

describe("expandUpcE", () => {
  it("writes a UPC-E out as its UPC-A, by the last digit's rule", () => {
    expect(expandUpcE("04252614")).toBe("042100005264");
    expect(expandUpcE("01234565")).toBe("012345000065");
    expect(expandUpcE("01234531")).toBe("012300000451");
    expect(expandUpcE("01234548")).toBe("012340000058");
  });

  it("leaves other codes alone", () => {
    expect(expandUpcE("084712000017")).toBe("084712000017");
    expect(expandUpcE("SOCK-RED-M")).toBe("SOCK-RED-M");
    expect(expandUpcE("24252614")).toBe("24252614");
  });
});
