import { afterAll, beforeAll } from "vitest";
import type { DemoOptions } from "../demo/generate";
import type { DemoSummary } from "../demo/load";
import { createDemoTestDatabase, type TestDatabase } from "./database";

/** The demo database one test file shares, read through getters once its beforeAll has run. */
export type DemoTestDatabase = {
  readonly database: TestDatabase;
  readonly db: TestDatabase["db"];
  readonly summary: DemoSummary;
  /** Every demo store's id, in the demo's order. */
  readonly storeIds: string[];
  /** The first demo store's id. */
  readonly storeId: string;
};

/**
 * For a test file on the demo: a fresh demo database made before its first test and closed after its last
 * (after the file's own afterAll hooks, which may still use it). `enabled: false` makes none, for a file
 * whose tests all skip on this backend.
 */
export function setupDemoTestDatabase({
  enabled = true,
  sizes = {},
}: {
  enabled?: boolean;
  sizes?: DemoOptions;
} = {}): DemoTestDatabase {
  let state: { database: TestDatabase; summary: DemoSummary } | undefined;
  beforeAll(async () => {
    if (enabled) state = await createDemoTestDatabase(sizes);
  }, 120_000);
  afterAll(async () => {
    await state?.database.close();
  });
  const current = () => {
    if (!state) throw new Error("setupDemoTestDatabase: used before beforeAll ran");
    return state;
  };
  return {
    get database() {
      return current().database;
    },
    get db() {
      return current().database.db;
    },
    get summary() {
      return current().summary;
    },
    get storeIds() {
      return current().summary.stores.map((store) => store.id);
    },
    get storeId() {
      const [first] = current().summary.stores;
      if (!first) throw new Error("the demo has no store");
      return first.id;
    },
  };
}
