import fs from "node:fs";
import path from "node:path";
import { runDir } from "./run-context";

/**
 * Seeded rows a test changes, or whose numbers it checks, are claimed first: two workers run two spec files
 * at once against one database (playwright.config.ts), and a test that picks "the first open return" or
 * "the first product" would otherwise pick the one another test is changing. A claim is a folder made with
 * mkdir, which fails when it exists, so two processes can never both hold one; claims last for the run.
 *
 * Kinds in use: `return` (a return's id), `stock` (a SKU, whose quantities a test checks), `shipment` (an
 * inbound shipment's id).
 */
export type ClaimKind = "return" | "stock" | "shipment";

/** Claims `key` of `kind` for the calling test; false when another test of the run has it. */
export function claim(kind: ClaimKind, key: string): boolean {
  const dir = path.join(runDir(), "claims");
  fs.mkdirSync(dir, { recursive: true });
  try {
    fs.mkdirSync(path.join(dir, `${kind}-${encodeURIComponent(key)}`));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/** The first candidate whose key this test could claim, or throws naming `what` when none is left. */
export function claimFirst<T>(
  kind: ClaimKind,
  candidates: Iterable<T>,
  keyOf: (c: T) => string,
  what: string,
): T {
  for (const candidate of candidates) if (claim(kind, keyOf(candidate))) return candidate;
  throw new Error(`no ${what} is left that another test has not claimed`);
}

/**
 * The index of the first `length` neighbours of `keys` (rows in screen order) this call could claim all of,
 * for a test that selects a range of rows; throws when there is none.
 */
export function claimNeighbours(kind: ClaimKind, keys: readonly string[], length: number): number {
  const mine = new Set<string>();
  const held = (key: string) => mine.has(key) || (claim(kind, key) && mine.add(key) !== undefined);
  for (let start = 0; start + length <= keys.length; start++) {
    if (keys.slice(start, start + length).every(held)) return start;
  }
  throw new Error(`no ${length} neighbouring rows are left that another test has not claimed`);
}
