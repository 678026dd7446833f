import { describe, expect, it } from "vitest";
import { idFactory, isId } from "../ids";
import { createRandom } from "./random";

const draw = (seed: number, n = 50) => {
  const random = createRandom(seed);
  return Array.from({ length: n }, () => random.nextUint32());
};

describe("Random", () => {
  it("gives the same sequence for the same seed and another for another seed", () => {
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    // Pinned values: a change of algorithm would silently change every demo id.
    expect(draw(20261121, 3)).toEqual([4047010272, 3614394139, 4198811165]);
    expect(new Set(draw(7, 1000)).size).toBeGreaterThan(990);
  });

  it("keeps next() in [0, 1) and int() within its inclusive bounds, reaching both ends", () => {
    const random = createRandom(1);
    const seen = new Set<number>();
    for (let i = 0; i < 5000; i++) {
      const x = random.next();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
      const n = random.int(-2, 3);
      expect(Number.isInteger(n)).toBe(true);
      seen.add(n);
    }
    expect([...seen].sort((a, b) => a - b)).toEqual([-2, -1, 0, 1, 2, 3]);
    expect(random.int(5, 5)).toBe(5);
    expect(() => random.int(3, 2)).toThrow();
  });

  it("pick() returns members, chance() honours 0 and 1 and roughly p in between", () => {
    const random = createRandom(2);
    const items = ["a", "b", "c"] as const;
    for (let i = 0; i < 100; i++) expect(items).toContain(random.pick(items));
    expect(() => random.pick([])).toThrow();
    let hits = 0;
    for (let i = 0; i < 10_000; i++) {
      expect(random.chance(0)).toBe(false);
      expect(random.chance(1)).toBe(true);
      if (random.chance(0.3)) hits++;
    }
    expect(hits / 10_000).toBeGreaterThan(0.27);
    expect(hits / 10_000).toBeLessThan(0.33);
  });

  it("weighted() follows the weights and never returns a zero-weight entry", () => {
    const random = createRandom(3);
    const counts = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 20_000; i++) {
      counts[
        random.weighted([
          ["a", 3],
          ["b", 1],
          ["c", 0],
        ] as const)
      ]++;
    }
    expect(counts.c).toBe(0);
    expect(counts.a / counts.b).toBeGreaterThan(2.7);
    expect(counts.a / counts.b).toBeLessThan(3.3);
    expect(() => random.weighted([["x", 0]])).toThrow();
  });

  it("sample() returns distinct members and shuffle() a permutation", () => {
    const random = createRandom(4);
    const items = Array.from({ length: 100 }, (_, i) => i);
    for (const k of [0, 1, 5, 30, 99, 100, 150]) {
      const sample = random.sample(items, k);
      expect(sample).toHaveLength(Math.min(k, items.length));
      expect(new Set(sample).size).toBe(sample.length);
      for (const x of sample) expect(items).toContain(x);
    }
    const shuffled = random.shuffle(items);
    expect(shuffled).not.toEqual(items);
    expect([...shuffled].sort((a, b) => a - b)).toEqual(items);
  });

  it("dateBetween() stays in [from, to)", () => {
    const random = createRandom(5);
    const from = new Date("2026-01-01T00:00:00Z");
    const to = new Date("2026-02-01T00:00:00Z");
    for (let i = 0; i < 1000; i++) {
      const d = random.dateBetween(from, to).getTime();
      expect(d).toBeGreaterThanOrEqual(from.getTime());
      expect(d).toBeLessThan(to.getTime());
    }
    expect(random.dateBetween(from, from).getTime()).toBe(from.getTime());
    expect(() => random.dateBetween(to, from)).toThrow();
  });

  it("bytes() has the asked length, is deterministic, and drives idFactory to deterministic ids", () => {
    const a = createRandom(6);
    const b = createRandom(6);
    for (const n of [0, 1, 3, 4, 5, 36]) {
      const bytes = a.bytes(n);
      expect(bytes).toBeInstanceOf(Uint8Array);
      expect(bytes).toHaveLength(n);
      expect(b.bytes(n)).toEqual(bytes);
    }
    const ids1 = idFactory(createRandom(9).bytes);
    const ids2 = idFactory(createRandom(9).bytes);
    const ids3 = idFactory(createRandom(10).bytes);
    const first = Array.from({ length: 20 }, () => ids1("return"));
    expect(Array.from({ length: 20 }, () => ids2("return"))).toEqual(first);
    expect(ids3("return")).not.toBe(first[0]);
    for (const id of first) expect(isId("return", id)).toBe(true);
    expect(new Set(first).size).toBe(20);
  });

  it("fork() gives independent, reproducible streams per label", () => {
    const root = createRandom(11);
    const x = root.fork("x");
    const y = root.fork("y");
    const again = createRandom(11).fork("x");
    const xs = Array.from({ length: 10 }, () => x.nextUint32());
    expect(Array.from({ length: 10 }, () => again.nextUint32())).toEqual(xs);
    expect(Array.from({ length: 10 }, () => y.nextUint32())).not.toEqual(xs);
    expect(Array.from({ length: 10 }, () => createRandom(12).fork("x").nextUint32())).not.toEqual(xs);
  });
});
