import { describe, expect, it } from "vitest";
import { type Dated, mergeFeeds } from "./merged-feeds";

const at = (minute: number, key: string): Dated => ({
  at: new Date(Date.UTC(2025, 0, 1, 12, minute)).toISOString(),
  key,
});
const keys = (entries: Dated[]) => entries.map((entry) => entry.key);

describe("mergeFeeds", () => {
  it("interleaves complete feeds newest first", () => {
    const merged = mergeFeeds([
      { entries: [at(50, "evt_3"), at(20, "evt_2"), at(5, "evt_1")], more: false },
      { entries: [at(30, "lbp_2"), at(10, "lbp_1")], more: false },
    ]);
    expect(keys(merged.entries)).toEqual(["evt_3", "lbp_2", "evt_2", "lbp_1", "evt_1"]);
    expect(merged).toMatchObject({ more: false, next: [] });
  });

  it("keeps back what a feed with more pages could still come before, and reads that feed next", () => {
    const events = { entries: [at(50, "evt_3"), at(20, "evt_2")], more: true };
    const prints = { entries: [at(30, "lbp_2"), at(10, "lbp_1")], more: false };
    const first = mergeFeeds([events, prints]);
    // The events' next page may hold one at 0:15, which belongs above the print of 0:10.
    expect(keys(first.entries)).toEqual(["evt_3", "lbp_2", "evt_2"]);
    expect(first).toMatchObject({ more: true, next: [0] });

    const second = mergeFeeds([{ entries: [...events.entries, at(15, "evt_1")], more: false }, prints]);
    expect(keys(second.entries)).toEqual(["evt_3", "lbp_2", "evt_2", "evt_1", "lbp_1"]);
  });

  it("orders entries of one time by key, and reads the feed whose oldest entry is the newest", () => {
    const merged = mergeFeeds([
      { entries: [at(40, "mov_2"), at(20, "mov_1")], more: true },
      { entries: [at(20, "lbp_9"), at(20, "lbp_1")], more: true },
    ]);
    // The prints feed's oldest (0:20 lbp_1) is older than the movements' (0:20 mov_1): mov_1 holds back.
    expect(keys(merged.entries)).toEqual(["mov_2", "mov_1"]);
    expect(merged.next).toEqual([0]);
  });

  it("shows nothing while a feed with more pages has none read", () => {
    const merged = mergeFeeds([
      { entries: [], more: true },
      { entries: [at(1, "lbp_1")], more: false },
    ]);
    expect(merged).toEqual({ entries: [], more: true, next: [0] });
  });
});
