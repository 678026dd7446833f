import { createHash } from "node:crypto";
import { generateApiSecret } from "../auth/api-secrets";
import type { DemoOptions } from "../demo/generate";

/**
 * For the demo generator's tests: the app's demo seed at a fixed anchor, with a fixed API secret per store
 * (the default is random) so two generations with these options compare equal.
 */
export const GENERATED_DEMO_OPTIONS = {
  seed: 20261121,
  anchor: new Date("2026-11-21T00:00:00.000Z"),
  apiSecret: (storeId: string) => generateApiSecret(createHash("sha256").update(storeId).digest()),
} satisfies DemoOptions;

/** Money as the demo writes it: a decimal string with two places. */
export const MONEY = /^\d+\.\d{2}$/;

/** The rows grouped by `key`, each group in the rows' order. */
export function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const row of rows) {
    const list = out.get(key(row));
    if (list) list.push(row);
    else out.set(key(row), [row]);
  }
  return out;
}
