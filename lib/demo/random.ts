/**
 * A small seeded pseudo-random generator (sfc32, seeded through splitmix32) for the demo data: the same
 * seed always yields the same sequence, on every platform, so the demo data and its ids are reproducible.
 * Not for anything secret.
 */

const DAY_MS = 86_400_000;

/** splitmix32 step: spreads a 32-bit state into a well-mixed 32-bit output. */
function splitmix32(state: number): [next: number, output: number] {
  const next = (state + 0x9e3779b9) | 0;
  let z = next;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return [next, (z ^ (z >>> 16)) >>> 0];
}

/** 32-bit FNV-1a of a label, used to derive independent child streams. */
function hashLabel(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Random {
  readonly seed: number;
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    if (!Number.isFinite(seed)) throw new Error(`Invalid seed: ${seed}`);
    this.seed = Math.trunc(seed) >>> 0;
    let state = this.seed;
    const words: number[] = [];
    for (let i = 0; i < 4; i++) {
      const [next, out] = splitmix32(state);
      state = next;
      words.push(out);
    }
    [this.a, this.b, this.c, this.d] = words as [number, number, number, number];
    // Discard the first outputs, as sfc32's reference implementation does.
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  /** The next 32-bit unsigned integer. */
  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.nextUint32() / 4_294_967_296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
      throw new Error(`Invalid integer range [${min}, ${max}]`);
    }
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick() from an empty array");
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** A value chosen with probability proportional to its weight: `weighted([["a", 3], ["b", 1]])`. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, weight] of entries) {
      if (!(weight >= 0)) throw new Error(`Invalid weight ${weight}`);
      total += weight;
    }
    if (total <= 0) throw new Error("weighted() needs a positive total weight");
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    // Floating-point leftovers: the last entry with a weight.
    for (let i = entries.length - 1; i >= 0; i--) {
      const entry = entries[i] as readonly [T, number];
      if (entry[1] > 0) return entry[0];
    }
    throw new Error("unreachable");
  }

  /** A copy of `items` in random order (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  }

  /** `count` distinct elements of `items` in random order (all of them when count >= length). */
  sample<T>(items: readonly T[], count: number): T[] {
    const n = items.length;
    const k = Math.max(0, Math.min(n, Math.floor(count)));
    if (k * 4 < n) {
      // Few from many: draw indices and skip repeats instead of shuffling the whole array.
      const seen = new Set<number>();
      const out: T[] = [];
      while (out.length < k) {
        const index = Math.floor(this.next() * n);
        if (seen.has(index)) continue;
        seen.add(index);
        out.push(items[index] as T);
      }
      return out;
    }
    // Partial Fisher-Yates: only the first k positions are settled.
    const copy = items.slice();
    for (let i = 0; i < k; i++) {
      const j = i + Math.floor(this.next() * (n - i));
      const tmp = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = tmp;
    }
    return copy.slice(0, k);
  }

  /** A date in [from, to), at millisecond precision. */
  dateBetween(from: Date, to: Date): Date {
    const a = from.getTime();
    const b = to.getTime();
    if (b < a) throw new Error("dateBetween(): `to` is before `from`");
    return new Date(a + Math.floor(this.next() * (b - a)));
  }

  /** A date `min..max` days (fractional) after `from`. */
  daysAfter(from: Date, minDays: number, maxDays: number): Date {
    return new Date(from.getTime() + Math.floor(this.float(minDays, maxDays) * DAY_MS));
  }

  /**
   * `n` pseudo-random bytes. A bound property, so it can be handed over as is: `idFactory(random.bytes)`
   * makes ids that are deterministic too.
   */
  readonly bytes = (n: number): Uint8Array => {
    const out = new Uint8Array(n);
    let i = 0;
    while (i < n) {
      let word = this.nextUint32();
      for (let k = 0; k < 4 && i < n; k++, i++) {
        out[i] = word & 0xff;
        word >>>= 8;
      }
    }
    return out;
  };

  /** A string of `length` characters drawn from `alphabet`. */
  string(alphabet: string, length: number): string {
    let out = "";
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }

  /** A string of `length` decimal digits (may start with 0). */
  digits(length: number): string {
    return this.string("0123456789", length);
  }

  /**
   * An independent generator derived from this one's seed and a label. Each part of the demo data draws
   * from its own stream, so changing the size of one part does not reshuffle the others.
   */
  fork(label: string): Random {
    const [, mixed] = splitmix32((this.seed ^ hashLabel(label)) >>> 0);
    return new Random(mixed ^ hashLabel(`${label}#${this.seed}`));
  }
}

export function createRandom(seed: number): Random {
  return new Random(seed);
}
